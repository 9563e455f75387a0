import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { formatPrice, getRegion, type Region, type RegionState } from '@pt/domain';
import { ShownCurrencyContext } from '../../../ui/price';
import { fetchCountry } from '../api/geo';
import {
  applyDetection,
  applyManualChange,
  initialRegionState,
  readStoredSelection,
  shouldAutoDetectRegion,
} from '../utils/region-store';

interface RegionContextValue {
  region: Region;
  state: RegionState;
  /** §4: resolves false (and changes nothing) while another change runs or for an unknown id. */
  setRegion(regionId: string): Promise<boolean>;
  /** §9: the region's currency, symbol and exactly two decimals. */
  formatPrice(amount: number | null | undefined): string;
}

const RegionContext = createContext<RegionContextValue | null>(null);

export function RegionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RegionState>(() => initialRegionState(readStoredSelection()));
  // The guard of "blocked while another change runs" must see the flag synchronously.
  const changing = useRef(false);

  useEffect(() => {
    const stored = readStoredSelection();
    const controller = new AbortController();
    // §4: only new users with no saved selection are located by IP.
    if (!shouldAutoDetectRegion(stored, Date.now())) return;
    void fetchCountry(controller.signal).then((country) => {
      if (controller.signal.aborted || changing.current) return;
      setState((current) =>
        current.manual ? current : applyDetection(current, stored, country, Date.now()),
      );
    });
    return () => controller.abort();
  }, []);

  const setRegion = useCallback(
    async (regionId: string) => {
      if (changing.current) return false;
      const result = applyManualChange({ ...state, changing: false }, regionId, Date.now());
      if (!result.ok) return false;
      changing.current = true;
      setState({ ...result.state, changing: true });
      try {
        // Prices, searches and products are region-specific: refetch them in the new region.
        await queryClient.invalidateQueries();
      } finally {
        changing.current = false;
        setState((s) => ({ ...s, changing: false }));
      }
      return true;
    },
    [queryClient, state],
  );

  const value = useMemo<RegionContextValue>(() => {
    const region = getRegion(state.regionId);
    return { region, state, setRegion, formatPrice: (amount) => formatPrice(amount, region.currency) };
  }, [state, setRegion]);
  return (
    <RegionContext.Provider value={value}>
      <ShownCurrencyContext.Provider value={value.region.currency}>{children}</ShownCurrencyContext.Provider>
    </RegionContext.Provider>
  );
}

export function useRegion(): RegionContextValue {
  const ctx = useContext(RegionContext);
  if (!ctx) throw new Error('useRegion must be used inside RegionProvider');
  return ctx;
}
