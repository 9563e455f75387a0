import { demoCredentialEnv } from '@pt/demo-marketplaces';
import { demoHistoryConfig } from '../../src/services/demo-history-backfill';

const demoEnv = {
  DEMO_MARKETPLACES: 'ebay,aliexpress',
  DEMO_SEED: 'seed-1',
  ...demoCredentialEnv(),
};

describe(demoHistoryConfig.name, () => {
  it('is on for the marketplaces the demo serves with its own credentials, seen-listings by default', () => {
    expect(demoHistoryConfig(demoEnv, 'development')).toEqual({
      seed: 'seed-1',
      marketplaces: ['ebay', 'aliexpress'],
      mode: 'seen',
    });
    expect(demoHistoryConfig({ ...demoEnv, DEMO_SEED: '', DEMO_HISTORY_BACKFILL: 'all' }, 'test')).toEqual({
      seed: 'price-tracker',
      marketplaces: ['ebay', 'aliexpress'],
      mode: 'all',
    });
  });

  it('is never on in production, whatever else is set', () => {
    expect(demoHistoryConfig(demoEnv, 'production')).toBeUndefined();
    expect(demoHistoryConfig({ ...demoEnv, DEMO_HISTORY_BACKFILL: 'all' }, 'production')).toBeUndefined();
  });

  it('leaves out a marketplace with real credentials, even if named as a demo one', () => {
    expect(
      demoHistoryConfig({ ...demoEnv, EBAY_CLIENT_ID: 'real', EBAY_CLIENT_SECRET: 'real' }, 'development')
        ?.marketplaces,
    ).toEqual(['aliexpress']);
    expect(
      demoHistoryConfig(
        { ...demoEnv, EBAY_CLIENT_SECRET: 'real', ALIEXPRESS_APP_SECRET: 'real' },
        'development',
      ),
    ).toBeUndefined();
  });

  it.each([
    ['no demo marketplaces named', { ...demoEnv, DEMO_MARKETPLACES: undefined }],
    ['an unknown marketplace named', { ...demoEnv, DEMO_MARKETPLACES: 'amazon' }],
    ['switched off', { ...demoEnv, DEMO_HISTORY_BACKFILL: 'off' }],
    ['a bad mode', { ...demoEnv, DEMO_HISTORY_BACKFILL: 'sometimes' }],
    ['no credentials at all', { DEMO_MARKETPLACES: 'ebay,aliexpress' }],
  ])('is off with %s', (_name, env) => {
    expect(demoHistoryConfig(env, 'development')).toBeUndefined();
  });
});
