import { toNotifierConfig } from '../../src/config';
import { ineligibility } from '../../src/services/alert-evaluation.service';
import { toCurrency } from '../../src/services/alerts.service';
import { catalogIdsOf } from '../../src/services/product-lookup.service';
import { UnsubscribeTokens } from '../../src/services/unsubscribe-tokens.service';

const contact = {
  userId: 'u1',
  email: 'ada@example.com',
  emailConfirmed: true,
  name: null,
  deleted: false,
  notifications: true,
  delivery: 'instant' as const,
  digestHour: 8,
  timeZone: 'UTC',
};

describe(ineligibility.name, () => {
  it.each([
    ['a confirmed user with notifications on (§3 default)', contact, undefined],
    ['an unknown user', undefined, 'unknown-user'],
    ['a deleted user', { ...contact, deleted: true }, 'user-deleted'],
    ['a user without an address', { ...contact, email: null }, 'no-email'],
    ['an unconfirmed user', { ...contact, emailConfirmed: false }, 'unconfirmed'],
    [
      'a user with notifications off (§3 preference)',
      { ...contact, notifications: false },
      'notifications-off',
    ],
  ])('%s → %p', (_case, input, expected) => {
    expect(ineligibility(input)).toBe(expected);
  });
});

describe(toCurrency.name, () => {
  it('converts with the §9 fallback rates when currencies differ, and passes equal ones through', () => {
    expect(toCurrency(100, 'USD', 'USD')).toBe(100);
    expect(toCurrency(100, 'USD', 'EUR')).toBe(92);
    expect(toCurrency(100, 'USD', 'XXX')).toBeUndefined();
  });
});

describe(catalogIdsOf.name, () => {
  it.each([
    ['285112233445', 'ebay', ['v1|285112233445|0', '285112233445']],
    ['ebay_285112233445', undefined, ['v1|285112233445|0', 'ebay_285112233445']],
    ['v1|285112233445|77', 'ebay', ['v1|285112233445|77']],
    ['1005001234567890', 'aliexpress', ['aliexpress_1005001234567890']],
    ['amazon_B0TEST1234', 'amazon', ['amazon_B0TEST1234']],
  ] as const)('%s on %p → %p', (id, marketplace, expected) => {
    expect(catalogIdsOf(id, marketplace)).toEqual(expected);
  });
});

describe(UnsubscribeTokens.name, () => {
  const config = toNotifierConfig({ ALERT_UNSUBSCRIBE_SECRET: 'k'.repeat(40) });
  const sut = new UnsubscribeTokens(undefined as never, config, undefined as never);

  it('round-trips the alert id and when the email was issued', async () => {
    const token = await sut.sign('alert-1', new Date('2026-03-01T10:00:00Z'));
    expect(await sut.verify(token)).toEqual({
      alertId: 'alert-1',
      issuedAt: new Date('2026-03-01T10:00:00Z'),
    });
  });

  it('refuses tampered, re-targeted, truncated or foreign tokens', async () => {
    const token = await sut.sign('alert-1', new Date());
    const [payload, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ p: 'alert-unsubscribe', a: 'alert-2' })).toString('base64url');
    const foreign = new UnsubscribeTokens(
      undefined as never,
      toNotifierConfig({ ALERT_UNSUBSCRIBE_SECRET: 'z'.repeat(40) }),
      undefined as never,
    );
    for (const bad of [
      `${other}.${mac}`,
      `${payload}.`,
      payload,
      `${token}.x`,
      '',
      await foreign.sign('alert-1', new Date()),
    ])
      expect(await sut.verify(bad as string)).toBeUndefined();
  });
});

describe(toNotifierConfig.name, () => {
  it('has working defaults and refuses bad values', () => {
    expect(toNotifierConfig({})).toMatchObject({
      port: 8080,
      email: {
        attempts: 10,
        backoffMs: 2000,
        concurrency: 8,
        sweepEveryMs: 30_000,
        leaseMs: 600_000,
        strandedAfterMs: 60_000,
        digestTickMs: 60_000,
      },
    });
    expect(toNotifierConfig({}).demoControl).toBeUndefined();
    expect(toNotifierConfig({ ALERT_EMAIL_STRANDED_MS: '10000' }).email.strandedAfterMs).toBe(10_000);
    expect(() => toNotifierConfig({ ALERT_EMAIL_STRANDED_MS: '0' })).toThrow();
    expect(() => toNotifierConfig({ ALERT_EMAIL_ATTEMPTS: '0' })).toThrow();
    expect(() => toNotifierConfig({ ALERT_UNSUBSCRIBE_SECRET: 'short' })).toThrow();
    expect(() => toNotifierConfig({ APP_URL: 'ftp://x' })).toThrow();
  });
});
