import {
  COUNTRY_TO_REGION,
  DEFAULT_REGION_ID,
  MANUAL_REGION_RECENT_MS,
  REGION_CHANGE_IN_PROGRESS,
  REGIONS,
  RegionState,
  UNKNOWN_REGION,
  getRegion,
  initialRegionId,
  isManualRegionRecent,
  isRegionId,
  marketplaceVariantForRegion,
  regionForCountry,
  selectRegionManually,
  shouldAutoDetectRegion,
} from './regions';
import { DAY_MS } from './time';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('REGIONS', () => {
  it('§3 has exactly the 12 region ids', () => {
    expect(REGIONS.map((r) => r.id).sort()).toEqual([
      'au',
      'br',
      'ca',
      'de',
      'es',
      'fr',
      'it',
      'jp',
      'kr',
      'nl',
      'uk',
      'us',
    ]);
  });

  it.each([
    ['§3 au', 'au', 'AUD', 'AU', 'en-AU'],
    ['§3 br', 'br', 'BRL', 'BR', 'pt-BR'],
    ['§3 ca', 'ca', 'CAD', 'CA', 'en-CA'],
    ['§3 fr', 'fr', 'EUR', 'FR', 'fr-FR'],
    ['§3 de', 'de', 'EUR', 'DE', 'de-DE'],
    ['§3 it', 'it', 'EUR', 'IT', 'it-IT'],
    ['§3 jp', 'jp', 'JPY', 'JP', 'ja-JP'],
    ['§3 nl', 'nl', 'EUR', 'NL', 'nl-NL'],
    ['§3 kr', 'kr', 'KRW', 'KR', 'ko-KR'],
    ['§3 es', 'es', 'EUR', 'ES', 'es-ES'],
    ['§3 uk', 'uk', 'GBP', 'GB', 'en-GB'],
    ['§3 us', 'us', 'USD', 'US', 'en-US'],
  ])('%s: currency, country and locale', (_row, id, currency, countryCode, code) => {
    const sut = getRegion(id);
    expect(sut).toMatchObject({ id, currency, countryCode, code });
    for (const field of ['name', 'flag', 'currencySymbol', 'nativeName'] as const)
      expect(sut[field].length).toBeGreaterThan(0);
  });

  it.each([
    ['§9 defined symbol USD', 'us', '$'],
    ['§9 defined symbol EUR', 'de', '€'],
    ['§9 defined symbol CAD', 'ca', 'C$'],
    ['§9 defined symbol GBP', 'uk', '£'],
  ])('%s', (_row, id, symbol) => expect(getRegion(id).currencySymbol).toBe(symbol));
});

describe(getRegion.name, () => {
  it.each([
    ['§4 unknown id falls back to us', 'xx'],
    ['§4 undefined falls back to us', undefined],
  ])('%s', (_row, id) => expect(getRegion(id).id).toBe(DEFAULT_REGION_ID));

  it('§3 type guard', () => {
    expect(isRegionId('uk')).toBe(true);
    expect(isRegionId('gb')).toBe(false);
    expect(isRegionId(3)).toBe(false);
  });
});

describe(marketplaceVariantForRegion.name, () => {
  it.each([
    ['§9 us', 'us', true, 'EBAY_US', 'amazon.com', 'walmart.com'],
    ['§9 ca: Canadian big-box site', 'ca', true, 'EBAY_CA', 'amazon.ca', 'walmart.ca'],
    ['§9 uk', 'uk', true, 'EBAY_GB', 'amazon.co.uk', 'walmart.com'],
    ['§9 fr', 'fr', true, 'EBAY_FR', 'amazon.fr', 'walmart.com'],
    ['§9 de', 'de', true, 'EBAY_DE', 'amazon.de', 'walmart.com'],
    ['§9 es', 'es', true, 'EBAY_ES', 'amazon.es', 'walmart.com'],
    ['§9 it', 'it', true, 'EBAY_IT', 'amazon.it', 'walmart.com'],
    ['§9 nl', 'nl', true, 'EBAY_NL', 'amazon.nl', 'walmart.com'],
    ['§9 au', 'au', true, 'EBAY_AU', 'amazon.com.au', 'walmart.com'],
    ['§9 jp', 'jp', true, 'EBAY_JP', 'amazon.co.jp', 'walmart.com'],
    ['§9 br falls back to the US version', 'br', false, 'EBAY_US', 'amazon.com', 'walmart.com'],
    ['§9 kr falls back to the US version', 'kr', false, 'EBAY_US', 'amazon.com', 'walmart.com'],
  ] as const)('%s', (_row, regionId, mapped, ebaySiteId, amazonDomain, walmartDomain) => {
    expect(marketplaceVariantForRegion(regionId)).toEqual({
      regionId,
      mapped,
      ebaySiteId,
      amazonDomain,
      walmartDomain,
    });
  });
});

describe(regionForCountry.name, () => {
  it.each([
    ['US', 'us'],
    ['CA', 'ca'],
    ['GB', 'uk'],
    ['AU', 'au'],
    ['DE', 'de'],
    ['FR', 'fr'],
    ['IT', 'it'],
    ['ES', 'es'],
    ['NL', 'nl'],
    ['JP', 'jp'],
    ['KR', 'kr'],
    ['BR', 'br'],
    [' gb ', 'uk'],
  ])('§9 auto-detect %s → %s', (country, region) => expect(regionForCountry(country)).toBe(region));

  it.each([['MX'], [''], [null], [undefined]])('§4 unsupported country %p → undefined', (country) => {
    expect(regionForCountry(country)).toBeUndefined();
  });

  it('§9 maps exactly 12 countries', () => {
    expect(Object.keys(COUNTRY_TO_REGION)).toHaveLength(12);
  });
});

describe(isManualRegionRecent.name, () => {
  it.each([
    ['§9 just chosen', NOW, true],
    ['§9 29 days ago', NOW - 29 * DAY_MS, true],
    ['§9 exactly 30 days ago is no longer recent', NOW - MANUAL_REGION_RECENT_MS, false],
    ['§9 31 days ago', NOW - 31 * DAY_MS, false],
    ['future timestamp (clock skew) is not trusted', NOW + DAY_MS, false],
    ['missing timestamp', null, false],
    ['unreadable timestamp', 'garbage', false],
  ])('%s', (_row, ts, expected) => expect(isManualRegionRecent(ts, NOW)).toBe(expected));
});

describe(shouldAutoDetectRegion.name, () => {
  it.each([
    ['§4 new user: nothing saved', {}, true],
    ['§4 saved selection blocks detection', { selectedRegion: 'de' }, false],
    [
      '§4 stale manual selection still blocks detection (saved)',
      { selectedRegion: 'de', manualRegion: true, regionTimestamp: NOW - 60 * DAY_MS },
      false,
    ],
    [
      '§4 recent manual flag blocks detection even without a region',
      { manualRegion: true, regionTimestamp: NOW - DAY_MS },
      false,
    ],
    [
      '§4 old manual flag without region: detect',
      { manualRegion: true, regionTimestamp: NOW - 40 * DAY_MS },
      true,
    ],
    ['§4 invalid saved region counts as none', { selectedRegion: 'zz' }, true],
  ])('%s', (_row, stored, expected) => expect(shouldAutoDetectRegion(stored, NOW)).toBe(expected));
});

describe(initialRegionId.name, () => {
  it('§4 starts from the stored region, or us', () => {
    expect(initialRegionId({ selectedRegion: 'kr' })).toBe('kr');
    expect(initialRegionId({})).toBe('us');
  });
});

describe(selectRegionManually.name, () => {
  const base: RegionState = {
    regionId: 'us',
    manual: false,
    regionTimestamp: null,
    version: 3,
    changing: false,
  };

  it('§4 saves the region, sets the manual flag and bumps the version', () => {
    const sut = selectRegionManually(base, 'uk', NOW);
    expect(sut).toEqual({
      ok: true,
      state: { regionId: 'uk', manual: true, regionTimestamp: NOW, version: 4, changing: false },
    });
  });

  it.each([
    [
      '§4 blocked while another change is running',
      { ...base, changing: true },
      'uk',
      REGION_CHANGE_IN_PROGRESS,
    ],
    ['§3 unknown region is refused', base, 'zz', UNKNOWN_REGION],
  ])('%s', (_row, state, id, error) => {
    expect(selectRegionManually(state, id, NOW)).toEqual({ ok: false, state, error });
  });
});
