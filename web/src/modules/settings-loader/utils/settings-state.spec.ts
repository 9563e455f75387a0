import { settingsState } from './settings-state';

describe('settings loader (§4, §8)', () => {
  it('is loading until the first answer', () => {
    expect(settingsState({ pending: true, data: undefined, error: null }).status).toBe('loading');
  });

  it('reads the flags when loaded', () => {
    const state = settingsState({
      pending: false,
      data: { maintenance_mode: 'true', beta_landing_enabled: true, max_search_results: '50' },
      error: null,
    });
    expect(state.status).toBe('loaded');
    expect(state.settings).toMatchObject({
      maintenanceMode: true,
      betaLandingEnabled: true,
      maxSearchResults: 50,
    });
  });

  it('exposes the error message, or the spec fallback, and runs on defaults', () => {
    const failed = settingsState({ pending: false, data: undefined, error: new Error('boom') });
    expect(failed).toMatchObject({ status: 'error', error: 'boom' });
    expect(failed.settings).toMatchObject({
      maintenanceMode: false,
      betaLandingEnabled: false,
      maxSearchResults: 100,
    });
    expect(settingsState({ pending: false, data: undefined, error: 'weird' }).error).toBe(
      'Failed to load settings',
    );
  });
});
