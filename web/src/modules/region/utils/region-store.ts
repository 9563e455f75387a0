import {
  initialRegionId,
  regionForCountry,
  selectRegionManually,
  shouldAutoDetectRegion,
  type RegionId,
  type RegionState,
  type StoredRegionSelection,
} from '@pt/domain';
import { flagCodec, persistedStore, textCodec, type Codec } from '../../../lib/persisted-store';
import type { KeyValueStore } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

// A manual change without a time would write "null", as it always has; it reads back as no time.
const timestampCodec: Codec<number | null> = {
  decode(raw) {
    const timestamp = Number(raw);
    return Number.isFinite(timestamp) && timestamp > 0 ? timestamp : undefined;
  },
  encode: (value) => String(value),
};

/** §3's three entries; an unknown region id is the domain's to refuse (initialRegionId). */
const regionEntries = (storage?: KeyValueStore | null) => ({
  selected: persistedStore({
    key: LOCAL_KEYS.selectedRegion,
    codec: textCodec,
    fallback: () => null,
    storage,
  }),
  manual: persistedStore({ key: LOCAL_KEYS.manualRegion, codec: flagCodec, fallback: () => false, storage }),
  timestamp: persistedStore({
    key: LOCAL_KEYS.regionTimestamp,
    codec: timestampCodec,
    fallback: () => null,
    storage,
  }),
});

/** §3: what the browser keeps under selectedRegion, manualRegion and regionTimestamp. */
export function readStoredSelection(store?: KeyValueStore | null): StoredRegionSelection {
  const entries = regionEntries(store);
  return {
    selectedRegion: entries.selected.readStored(),
    manualRegion: entries.manual.readStored(),
    regionTimestamp: entries.timestamp.readStored(),
  };
}

/** The state at start-up (§4: the stored region, or us). */
export function initialRegionState(stored: StoredRegionSelection): RegionState {
  return {
    regionId: initialRegionId(stored),
    manual: Boolean(stored.manualRegion),
    regionTimestamp: typeof stored.regionTimestamp === 'number' ? stored.regionTimestamp : null,
    version: 0,
    changing: false,
  };
}

export { shouldAutoDetectRegion };

/**
 * §4: applies an IP lookup's country (null when it failed). A detected region is saved without the
 * manual flag, so the next visit starts from it and does not ask again; an unsupported country or a
 * failure leaves the default region and saves nothing.
 */
export function applyDetection(
  state: RegionState,
  stored: StoredRegionSelection,
  countryCode: string | null,
  now: number,
  store?: KeyValueStore | null,
): RegionState {
  if (!shouldAutoDetectRegion(stored, now)) return state;
  const detected = regionForCountry(countryCode);
  if (!detected) return state;
  regionEntries(store).selected.set(detected);
  return { ...state, regionId: detected };
}

export type ManualChange = ReturnType<typeof selectRegionManually>;

/** §4: a manual change saves the region, sets the manual flag and bumps the version. */
export function applyManualChange(
  state: RegionState,
  regionId: string,
  now: number,
  store?: KeyValueStore | null,
): ManualChange {
  const result = selectRegionManually(state, regionId, now);
  if (result.ok) {
    const entries = regionEntries(store);
    entries.selected.set(result.state.regionId);
    entries.manual.set(true);
    entries.timestamp.set(result.state.regionTimestamp);
  }
  return result;
}

/** Data deletion: forget the region choice too. */
export function clearStoredSelection(store?: KeyValueStore | null): void {
  for (const entry of Object.values(regionEntries(store))) entry.clear();
}

export type { RegionId };
