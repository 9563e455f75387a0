import {
  DEFAULT_SYSTEM_SETTINGS,
  FEATURE_FLAGS,
  SETTING_KEYS,
  checkSettingValue,
  defaultSettingDescription,
  isFeatureEnabled,
  isPublicOnWrite,
  parseBetaLandingEnabled,
  parseFeatureFlags,
  parseMaintenanceMode,
  parseMaxSearchResults,
  parseSystemSettings,
  settingsLoadErrorMessage,
} from './settings';

describe(parseMaintenanceMode.name, () => {
  it.each([
    ['§3 true', true, true],
    ["§3 'true'", 'true', true],
    ['§3 false', false, false],
    ["§3 'TRUE' is not 'true'", 'TRUE', false],
    ['§3 1', 1, false],
    ['§3 missing', undefined, false],
  ])('%s', (_row, value, expected) => {
    expect(parseMaintenanceMode(value)).toBe(expected);
    expect(parseBetaLandingEnabled(value)).toBe(expected);
  });
});

describe(parseMaxSearchResults.name, () => {
  it.each([
    ['§3 integer', 50, 50],
    ['§3 numeric string', '250', 250],
    ['§5 unreadable → 100', 'lots', 100],
    ['§5 empty string → 100', '', 100],
    ['§5 missing → 100', undefined, 100],
    ['§5 object → 100', { n: 1 }, 100],
    ['§3 fraction cut to an integer', 42.9, 42],
    ['decision: zero → 100', 0, 100],
    ['decision: negative → 100', '-5', 100],
  ])('%s', (_row, value, expected) => expect(parseMaxSearchResults(value)).toBe(expected));
});

describe(parseFeatureFlags.name, () => {
  it.each([
    ['§3 object', { proMode: true }, { proMode: true }],
    ['decision: JSON string of an object', '{"proMode":true}', { proMode: true }],
    ['§3 JSON string of an array → {}', '[1]', {}],
    ['§3 unparsable string → {}', '{oops', {}],
    ['§3 array → {}', [1, 2], {}],
    ['§3 null → {}', null, {}],
    ['§3 number → {}', 3, {}],
  ])('%s', (_row, value, expected) => expect(parseFeatureFlags(value)).toEqual(expected));

  it.each([
    ['an unset flag keeps its default (on)', {}, true],
    ['§3 true is on', { deals: true }, true],
    ["§3 'true' is on", { deals: 'true' }, true],
    ['false is off', { deals: false }, false],
    ["§3 anything else ('yes') is off", { deals: 'yes' }, false],
  ])('%s', (_row, flags, expected) => expect(isFeatureEnabled(flags, 'deals')).toBe(expected));

  it('every flag the app reads is on by default, so the seeded {} changes nothing', () =>
    expect(Object.values(FEATURE_FLAGS)).toEqual(Object.keys(FEATURE_FLAGS).map(() => true)));
});

describe(parseSystemSettings.name, () => {
  it('§3 typed settings with defaults', () => {
    expect(parseSystemSettings({})).toEqual({
      maintenanceMode: false,
      maxSearchResults: 100,
      featureFlags: {},
      betaLandingEnabled: false,
    });
    expect(
      parseSystemSettings({
        maintenance_mode: 'true',
        max_search_results: '30',
        feature_flags: { x: 1 },
        beta_landing_enabled: true,
      }),
    ).toEqual({
      maintenanceMode: true,
      maxSearchResults: 30,
      featureFlags: { x: 1 },
      betaLandingEnabled: true,
    });
  });

  it('§3 known keys', () => {
    expect(Object.values(SETTING_KEYS)).toEqual([
      'maintenance_mode',
      'max_search_results',
      'feature_flags',
      'beta_landing_enabled',
    ]);
  });
});

describe('settings writes and loader', () => {
  it.each([
    ['§6 beta_landing_enabled is public on write', 'beta_landing_enabled', true],
    ['§6 maintenance_mode is not', 'maintenance_mode', false],
    ['feature_flags is public: the web app follows it', 'feature_flags', true],
    ['§6 other keys are not', 'max_search_results', false],
  ])('%s', (_row, key, expected) => expect(isPublicOnWrite(key)).toBe(expected));

  it("§7 default description 'Setting for {key}'", () =>
    expect(defaultSettingDescription('max_search_results')).toBe('Setting for max_search_results'));

  it.each([
    ['§8 Error → its message', new Error('boom'), 'boom'],
    ['§8 anything else → Failed to load settings', 'boom', 'Failed to load settings'],
  ])('%s', (_row, error, expected) => expect(settingsLoadErrorMessage(error)).toBe(expected));
});

describe('checkSettingValue (writes of known keys are typed)', () => {
  it.each([
    ['maintenance_mode', true],
    ['maintenance_mode', 'true'],
    ['beta_landing_enabled', false],
    ['max_search_results', 1],
    ['max_search_results', 250],
    ['feature_flags', { deals: false }],
    ['feature_flags', { deals: true, trending: false }],
    ['feature_flags', {}],
    ['some_unknown_key', [1, 'two', null]],
    ['some_unknown_key', null],
  ])('%s accepts %p', (key, value) => {
    expect(checkSettingValue(key, value)).toBeUndefined();
  });

  it.each([
    ['maintenance_mode', 'yes', "a boolean or the string 'true'"],
    ['maintenance_mode', 1, "a boolean or the string 'true'"],
    ['beta_landing_enabled', null, "a boolean or the string 'true'"],
    ['max_search_results', 0, 'an integer of at least 1'],
    ['max_search_results', 2.5, 'an integer of at least 1'],
    ['max_search_results', '50', 'an integer of at least 1'],
    ['feature_flags', [], 'an object of known flags (deals, trending) set to true or false'],
    ['feature_flags', '{"deals":true}', 'an object of known flags (deals, trending) set to true or false'],
    ['feature_flags', { deals: 'off' }, 'an object of known flags (deals, trending) set to true or false'],
    ['feature_flags', { compare: true }, 'an object of known flags (deals, trending) set to true or false'],
    ['anything', undefined, 'a JSON value'],
  ])('%s refuses %p', (key, value, expected) => {
    expect(checkSettingValue(key, value)).toEqual({ key, expected });
  });

  it('seeds every known key, the beta flag off', () => {
    expect(Object.keys(DEFAULT_SYSTEM_SETTINGS).sort()).toEqual(Object.values(SETTING_KEYS).sort());
    expect(DEFAULT_SYSTEM_SETTINGS.beta_landing_enabled).toBe(false);
    for (const [key, value] of Object.entries(DEFAULT_SYSTEM_SETTINGS))
      expect(checkSettingValue(key, value)).toBeUndefined();
  });
});
