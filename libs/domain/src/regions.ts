import { DAY_MS, Instant, toEpochMs } from './time';

/** §3: the fixed list of 12 regions. */
export const REGION_IDS = ['au', 'br', 'ca', 'fr', 'de', 'it', 'jp', 'nl', 'kr', 'es', 'uk', 'us'] as const;
export type RegionId = (typeof REGION_IDS)[number];

export const REGION_CURRENCIES = ['AUD', 'BRL', 'CAD', 'EUR', 'JPY', 'KRW', 'GBP', 'USD'] as const;
export type RegionCurrency = (typeof REGION_CURRENCIES)[number];

export interface Region {
  id: RegionId;
  name: string;
  currency: RegionCurrency;
  /** ISO 3166-1 alpha-2; note uk → GB. */
  countryCode: string;
  flag: string;
  /**
   * The symbol shown next to the region in the region picker. Prices are formatted with
   * `priceSymbol(currency)` (money.ts), which only knows the four symbols §9 defines.
   */
  currencySymbol: string;
  /** BCP 47 locale. */
  code: string;
  nativeName: string;
}

/** §4: the region used until the user picks one or detection finds one. */
export const DEFAULT_REGION_ID: RegionId = 'us';

export const REGIONS: readonly Region[] = [
  {
    id: 'au',
    name: 'Australia',
    currency: 'AUD',
    countryCode: 'AU',
    flag: '🇦🇺',
    currencySymbol: 'A$',
    code: 'en-AU',
    nativeName: 'Australia',
  },
  {
    id: 'br',
    name: 'Brazil',
    currency: 'BRL',
    countryCode: 'BR',
    flag: '🇧🇷',
    currencySymbol: 'R$',
    code: 'pt-BR',
    nativeName: 'Brasil',
  },
  {
    id: 'ca',
    name: 'Canada',
    currency: 'CAD',
    countryCode: 'CA',
    flag: '🇨🇦',
    currencySymbol: 'C$',
    code: 'en-CA',
    nativeName: 'Canada',
  },
  {
    id: 'fr',
    name: 'France',
    currency: 'EUR',
    countryCode: 'FR',
    flag: '🇫🇷',
    currencySymbol: '€',
    code: 'fr-FR',
    nativeName: 'France',
  },
  {
    id: 'de',
    name: 'Germany',
    currency: 'EUR',
    countryCode: 'DE',
    flag: '🇩🇪',
    currencySymbol: '€',
    code: 'de-DE',
    nativeName: 'Deutschland',
  },
  {
    id: 'it',
    name: 'Italy',
    currency: 'EUR',
    countryCode: 'IT',
    flag: '🇮🇹',
    currencySymbol: '€',
    code: 'it-IT',
    nativeName: 'Italia',
  },
  {
    id: 'jp',
    name: 'Japan',
    currency: 'JPY',
    countryCode: 'JP',
    flag: '🇯🇵',
    currencySymbol: '¥',
    code: 'ja-JP',
    nativeName: '日本',
  },
  {
    id: 'nl',
    name: 'Netherlands',
    currency: 'EUR',
    countryCode: 'NL',
    flag: '🇳🇱',
    currencySymbol: '€',
    code: 'nl-NL',
    nativeName: 'Nederland',
  },
  {
    id: 'kr',
    name: 'South Korea',
    currency: 'KRW',
    countryCode: 'KR',
    flag: '🇰🇷',
    currencySymbol: '₩',
    code: 'ko-KR',
    nativeName: '대한민국',
  },
  {
    id: 'es',
    name: 'Spain',
    currency: 'EUR',
    countryCode: 'ES',
    flag: '🇪🇸',
    currencySymbol: '€',
    code: 'es-ES',
    nativeName: 'España',
  },
  {
    id: 'uk',
    name: 'United Kingdom',
    currency: 'GBP',
    countryCode: 'GB',
    flag: '🇬🇧',
    currencySymbol: '£',
    code: 'en-GB',
    nativeName: 'United Kingdom',
  },
  {
    id: 'us',
    name: 'United States',
    currency: 'USD',
    countryCode: 'US',
    flag: '🇺🇸',
    currencySymbol: '$',
    code: 'en-US',
    nativeName: 'United States',
  },
];

export function isRegionId(value: unknown): value is RegionId {
  return typeof value === 'string' && (REGION_IDS as readonly string[]).includes(value);
}

/** Unknown ids (stale local storage, bad query params) resolve to the default region rather than failing. */
export function getRegion(id: unknown): Region {
  const found = REGIONS.find((r) => r.id === id);
  return found ?? (REGIONS.find((r) => r.id === DEFAULT_REGION_ID) as Region);
}

// ---------------------------------------------------------------------------------------------
// Region → marketplace variant (§1, §9)

/** §3: regions with a mapped marketplace variant. */
export const MARKETPLACE_MAPPED_REGIONS: readonly RegionId[] = [
  'us',
  'ca',
  'uk',
  'fr',
  'de',
  'es',
  'it',
  'nl',
  'au',
  'jp',
];

/** §9: auction marketplace site ids (also the `X-EBAY-C-MARKETPLACE-ID` header). */
export const EBAY_SITE_IDS: Readonly<Partial<Record<RegionId, string>>> = {
  us: 'EBAY_US',
  ca: 'EBAY_CA',
  uk: 'EBAY_GB',
  fr: 'EBAY_FR',
  de: 'EBAY_DE',
  es: 'EBAY_ES',
  it: 'EBAY_IT',
  nl: 'EBAY_NL',
  au: 'EBAY_AU',
  jp: 'EBAY_JP',
};

/** §9: the large retailer has one domain per country. */
export const AMAZON_DOMAINS: Readonly<Partial<Record<RegionId, string>>> = {
  us: 'amazon.com',
  ca: 'amazon.ca',
  uk: 'amazon.co.uk',
  fr: 'amazon.fr',
  de: 'amazon.de',
  es: 'amazon.es',
  it: 'amazon.it',
  nl: 'amazon.nl',
  au: 'amazon.com.au',
  jp: 'amazon.co.jp',
};

export const WALMART_MAIN_DOMAIN = 'walmart.com';
export const WALMART_CANADA_DOMAIN = 'walmart.ca';

export interface MarketplaceVariant {
  regionId: RegionId;
  /** False when the region has no variant of its own and uses the US one (§9). */
  mapped: boolean;
  ebaySiteId: string;
  amazonDomain: string;
  walmartDomain: string;
}

/** §9: regions without a variant of their own (br, kr) fall back to the US version. */
export function marketplaceVariantForRegion(regionId: RegionId): MarketplaceVariant {
  return {
    regionId,
    mapped: MARKETPLACE_MAPPED_REGIONS.includes(regionId),
    ebaySiteId: EBAY_SITE_IDS[regionId] ?? (EBAY_SITE_IDS.us as string),
    amazonDomain: AMAZON_DOMAINS[regionId] ?? (AMAZON_DOMAINS.us as string),
    walmartDomain: regionId === 'ca' ? WALMART_CANADA_DOMAIN : WALMART_MAIN_DOMAIN,
  };
}

// ---------------------------------------------------------------------------------------------
// IP country → region (§4, §9)

/** §9: the 12 auto-detect countries. */
export const COUNTRY_TO_REGION: Readonly<Record<string, RegionId>> = {
  US: 'us',
  CA: 'ca',
  GB: 'uk',
  AU: 'au',
  DE: 'de',
  FR: 'fr',
  IT: 'it',
  ES: 'es',
  NL: 'nl',
  JP: 'jp',
  KR: 'kr',
  BR: 'br',
};

/** Unsupported or missing countries give undefined: §4 keeps the default region then. */
export function regionForCountry(countryCode: string | null | undefined): RegionId | undefined {
  if (!countryCode) return undefined;
  return COUNTRY_TO_REGION[countryCode.trim().toUpperCase()];
}

// ---------------------------------------------------------------------------------------------
// Region selection state (§4)

/** §9: a manual selection is recent for 30 days. */
export const MANUAL_REGION_RECENT_MS = 30 * DAY_MS;

/** What the browser keeps under selectedRegion, manualRegion and regionTimestamp (§3). */
export interface StoredRegionSelection {
  selectedRegion?: string | null;
  manualRegion?: boolean | null;
  regionTimestamp?: Instant | null;
}

export function isManualRegionRecent(regionTimestamp: Instant | null | undefined, now: Instant): boolean {
  if (regionTimestamp === null || regionTimestamp === undefined) return false;
  const age = toEpochMs(now) - toEpochMs(regionTimestamp);
  return Number.isFinite(age) && age >= 0 && age < MANUAL_REGION_RECENT_MS;
}

/** §4: the region starts from the stored one, or us. */
export function initialRegionId(stored: StoredRegionSelection): RegionId {
  return isRegionId(stored.selectedRegion) ? stored.selectedRegion : DEFAULT_REGION_ID;
}

/**
 * §4: detection runs only for new users (no saved selection) and never overrides a recent manual
 * choice. A manual flag with a recent timestamp also blocks detection when the region key itself
 * went missing (e.g. partially cleared storage), so the user's explicit choice is not replaced by
 * a guess.
 */
export function shouldAutoDetectRegion(stored: StoredRegionSelection, now: Instant): boolean {
  if (isRegionId(stored.selectedRegion)) return false;
  if (stored.manualRegion && isManualRegionRecent(stored.regionTimestamp, now)) return false;
  return true;
}

export interface RegionState {
  regionId: RegionId;
  manual: boolean;
  regionTimestamp: number | null;
  /** Bumped on each manual change so dependants (prices, searches) refetch. */
  version: number;
  changing: boolean;
}

export const REGION_CHANGE_IN_PROGRESS = 'A region change is already in progress';
export const UNKNOWN_REGION = 'Unknown region';

/** §4: a manual change saves the region, sets the manual flag, bumps the version; blocked while another runs. */
export function selectRegionManually(
  state: RegionState,
  regionId: string,
  now: Instant,
): { ok: true; state: RegionState } | { ok: false; state: RegionState; error: string } {
  if (state.changing) return { ok: false, state, error: REGION_CHANGE_IN_PROGRESS };
  if (!isRegionId(regionId)) return { ok: false, state, error: UNKNOWN_REGION };
  return {
    ok: true,
    state: {
      regionId,
      manual: true,
      regionTimestamp: toEpochMs(now),
      version: state.version + 1,
      changing: false,
    },
  };
}
