import { DAY_MS, REGION_CHANGE_IN_PROGRESS } from '@pt/domain';
import { memoryStore } from '../../../lib/storage';
import {
  applyDetection,
  applyManualChange,
  initialRegionState,
  readStoredSelection,
  shouldAutoDetectRegion,
} from './region-store';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('region selection (§3, §4, §9)', () => {
  it('starts from us when nothing is stored, and from the stored region otherwise', () => {
    expect(initialRegionState(readStoredSelection(memoryStore())).regionId).toBe('us');
    expect(initialRegionState(readStoredSelection(memoryStore({ selectedRegion: 'de' }))).regionId).toBe(
      'de',
    );
    expect(initialRegionState(readStoredSelection(memoryStore({ selectedRegion: 'xx' }))).regionId).toBe(
      'us',
    );
  });

  it('detects by IP only for new users without a saved selection', () => {
    expect(shouldAutoDetectRegion(readStoredSelection(memoryStore()), NOW)).toBe(true);
    expect(shouldAutoDetectRegion(readStoredSelection(memoryStore({ selectedRegion: 'fr' })), NOW)).toBe(
      false,
    );
  });

  it('applies a detected country and saves it without the manual flag', () => {
    const store = memoryStore();
    const stored = readStoredSelection(store);
    const state = applyDetection(initialRegionState(stored), stored, 'GB', NOW, store);
    expect(state.regionId).toBe('uk');
    expect(store.data.get('selectedRegion')).toBe('uk');
    expect(store.data.has('manualRegion')).toBe(false);
  });

  it('keeps the default on a failed lookup or an unsupported country, saving nothing', () => {
    for (const country of [null, 'ZZ']) {
      const store = memoryStore();
      const stored = readStoredSelection(store);
      expect(applyDetection(initialRegionState(stored), stored, country, NOW, store).regionId).toBe('us');
      expect(store.data.size).toBe(0);
    }
  });

  it('never overrides a recent manual choice, even with the region key gone', () => {
    const store = memoryStore({ manualRegion: 'true', regionTimestamp: String(NOW - 29 * DAY_MS) });
    const stored = readStoredSelection(store);
    expect(applyDetection(initialRegionState(stored), stored, 'JP', NOW, store).regionId).toBe('us');
  });

  it('saves a manual change with the flag and timestamp, and bumps the version', () => {
    const store = memoryStore();
    const start = initialRegionState(readStoredSelection(store));
    const result = applyManualChange(start, 'jp', NOW, store);
    expect(result.ok).toBe(true);
    expect(result.state).toMatchObject({ regionId: 'jp', manual: true, regionTimestamp: NOW, version: 1 });
    expect(Object.fromEntries(store.data)).toEqual({
      selectedRegion: 'jp',
      manualRegion: 'true',
      regionTimestamp: String(NOW),
    });
    // And the next start begins there.
    expect(initialRegionState(readStoredSelection(store)).regionId).toBe('jp');
  });

  it('blocks a change while another runs and refuses unknown regions, storing nothing', () => {
    const store = memoryStore();
    const busy = { ...initialRegionState(readStoredSelection(store)), changing: true };
    const blocked = applyManualChange(busy, 'fr', NOW, store);
    expect(blocked).toMatchObject({ ok: false, error: REGION_CHANGE_IN_PROGRESS });
    expect(applyManualChange(initialRegionState({}), 'atlantis', NOW, store).ok).toBe(false);
    expect(store.data.size).toBe(0);
  });
});
