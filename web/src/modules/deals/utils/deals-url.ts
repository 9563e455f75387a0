import { DEAL_MAX_DROP_PERCENT, DEAL_MIN_DROP_PERCENT, LIVE_MARKETPLACES } from '@pt/domain';

/** What the Deals page narrows to, as the URL holds it (so a filtered page can be shared). */
export interface DealFilters {
  category: string;
  marketplace: string;
  /** Whole percent below the listing's median, '' for any drop. */
  minDrop: string;
  minPrice: string;
  maxPrice: string;
}

/** The minimum drops offered; any whole percent in range also reads from a hand-edited URL. */
export const MIN_DROP_CHOICES = ['10', '20', '30', '50'] as const;

const price = (v: string | null) => (v && /^\d+(\.\d+)?$/.test(v) ? v : '');

/**
 * The filters from the page's URL. Unknown values are dropped rather than sent, so a hand-edited
 * URL never turns into an error page (as search does).
 */
export function dealFiltersFromParams(params: URLSearchParams): DealFilters {
  const marketplace = params.get('marketplace') ?? '';
  const drop = params.get('minDrop') ?? '';
  const dropNumber = Number(drop);
  const min = price(params.get('minPrice'));
  const max = price(params.get('maxPrice'));
  const crossed = min !== '' && max !== '' && Number(min) > Number(max);
  return {
    category: /^[a-z0-9-]{1,100}$/.test(params.get('category') ?? '') ? (params.get('category') ?? '') : '',
    marketplace: (LIVE_MARKETPLACES as readonly string[]).includes(marketplace) ? marketplace : '',
    minDrop:
      /^\d+$/.test(drop) && dropNumber >= DEAL_MIN_DROP_PERCENT && dropNumber <= DEAL_MAX_DROP_PERCENT
        ? drop
        : '',
    minPrice: crossed ? '' : min,
    maxPrice: crossed ? '' : max,
  };
}

/** The set filters, in a fixed order; the same string serves the page's URL and the API's query. */
export function paramsFromDealFilters(f: DealFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['category', 'marketplace', 'minDrop', 'minPrice', 'maxPrice'] as const)
    if (f[key]) p.set(key, f[key]);
  return p;
}
