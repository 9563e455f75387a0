import {
  initialRegionId,
  regionForCountry,
  selectRegionManually,
  shouldAutoDetectRegion,
  type RegionId,
  type RegionState,
  type StoredRegionSelection,
} from '@pt/domain';
import { readString, removeKey, writeString, type KeyValueStore } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/** §3: what the browser keeps under selectedRegion, manualRegion and regionTimestamp. */
export function readStoredSelection(store?: KeyValueStore | null): StoredRegionSelection {
  const timestamp = Number(readString(LOCAL_KEYS.regionTimestamp, store));
  return {
    selectedRegion: readString(LOCAL_KEYS.selectedRegion, store),
    manualRegion: readString(LOCAL_KEYS.manualRegion, store) === 'true',
    regionTimestamp: Number.isFinite(timestamp) && timestamp > 0 ? timestamp : null,
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
  writeString(LOCAL_KEYS.selectedRegion, detected, store);
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
    writeString(LOCAL_KEYS.selectedRegion, result.state.regionId, store);
    writeString(LOCAL_KEYS.manualRegion, 'true', store);
    writeString(LOCAL_KEYS.regionTimestamp, String(result.state.regionTimestamp), store);
  }
  return result;
}

/** Data deletion: forget the region choice too. */
export function clearStoredSelection(store?: KeyValueStore | null): void {
  for (const key of [LOCAL_KEYS.selectedRegion, LOCAL_KEYS.manualRegion, LOCAL_KEYS.regionTimestamp])
    removeKey(key, store);
}

export type { RegionId };
