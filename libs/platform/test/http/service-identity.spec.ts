import { createHmac } from 'node:crypto';
import {
  internalCallHeaders,
  SERVICE_ASSERTION_HEADER,
  SERVICE_ASSERTION_TTL_S,
  signService,
  verifiedService,
} from '../../src/http/service-identity';
import { verifiedUser } from '../../src/http/user-context';

const header = (value: string) => ({ [SERVICE_ASSERTION_HEADER]: value });

/** Signs with another INTERNAL_SECRET, as a host that does not share ours would. */
function withForeignSecret<T>(work: () => T): T {
  const saved = process.env.INTERNAL_SECRET;
  process.env.INTERNAL_SECRET = 'another-secret-another-secret-another-secret';
  try {
    return work();
  } finally {
    if (saved === undefined) delete process.env.INTERNAL_SECRET;
    else process.env.INTERNAL_SECRET = saved;
  }
}

describe('service identity', () => {
  it('names the service that signed the call', () => {
    expect(verifiedService(header(signService('alert-notifier')))).toBe('alert-notifier');
    expect(verifiedService(internalCallHeaders('alert-notifier'))).toBe('alert-notifier');
  });

  it('holds for its TTL (and the clock skew), not after', () => {
    const signedAt = Date.now();
    const value = header(signService('alert-notifier', signedAt));
    expect(verifiedService(value, signedAt + SERVICE_ASSERTION_TTL_S * 1000)).toBe('alert-notifier');
    expect(verifiedService(value, signedAt + (SERVICE_ASSERTION_TTL_S + 10) * 1000)).toBeUndefined();
  });

  const genuine = signService('alert-notifier');
  const [, , exp, signature] = genuine.split('.') as [string, string, string, string];
  it.each([
    ['no header', {}],
    ['another service named under our signature', header(`v1.catalog.${exp}.${signature}`)],
    ['a later expiry under our signature', header(`v1.alert-notifier.${Number(exp) + 3600}.${signature}`)],
    ['a made-up signature', header(`v1.alert-notifier.${exp}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)],
    ['no signature', header(`v1.alert-notifier.${exp}`)],
    ['another version', header(genuine.replace(/^v1\./, 'v2.'))],
    ['an extra part', header(`${genuine}.x`)],
    ['a name with a dot', header(`v1.alert.notifier.${exp}.${signature}`)],
    ['a huge value', header(`${genuine}${'A'.repeat(300)}`)],
    [
      'an HMAC of the right text under a guessed key',
      header(
        `v1.alert-notifier.${exp}.${createHmac('sha256', 'guess').update(`v1\nalert-notifier\n${exp}`).digest('base64url')}`,
      ),
    ],
  ])('refuses %s', (_case, headers) => {
    expect(verifiedService(headers)).toBeUndefined();
  });

  it('refuses an assertion made with another INTERNAL_SECRET', () => {
    const foreign = withForeignSecret(() => signService('alert-notifier'));
    expect(verifiedService(header(foreign))).toBeUndefined();
  });

  it('refuses to sign a name that is not a service name', () => {
    expect(() => signService('alert.notifier')).toThrow('not a service name');
    expect(() => signService('')).toThrow('not a service name');
  });

  it('carries the user the service acts for, with its session, as a verified user', () => {
    const user = { id: 'u-1', role: 'user' as const, email: 'u1@example.com', sessionId: 's-1' };
    const headers = internalCallHeaders('alert-notifier', user);
    expect(verifiedService(headers)).toBe('alert-notifier');
    expect(verifiedUser(headers)).toEqual(user);
    expect(verifiedUser(internalCallHeaders('alert-notifier'))).toBeUndefined();
  });
});
