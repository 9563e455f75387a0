import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, tokenOf, type AuthHost } from '../support/auth-host';

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;
const PASSWORD = 'a long enough password 1';

/**
 * The JSON shape of an answer: every field's presence, type and null-ness, recursively (values
 * differ between any two answers; the shape must not, or it tells who has an account).
 */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  return typeof value;
}

/**
 * Sign-up, recovery and resend answer alike for a new address, one waiting for its confirmation,
 * and a confirmed one: the same status and the same shape down to every field's null-ness. Over
 * HTTP through the gateway, on real Postgres.
 */
describeAdapter('auth-signup-enumeration', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig() });
  });
  afterAll(() => host?.close());

  // Each request from its own client address, so the per-address limits stay out of the way.
  let client = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++client % 250}` });
  const signup = (email: string) =>
    call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD, data: {} }, headers: from() });

  /** A new, a pending (signed up, unconfirmed) and a confirmed address. */
  async function threeAddresses() {
    const pending = freshEmail('pending');
    expect((await signup(pending)).status).toBe(200);
    const confirmed = freshEmail('confirmed');
    expect((await signup(confirmed)).status).toBe(200);
    const link = (await host.nextEmail(confirmed)).link;
    const verified = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf(link) },
      headers: from(),
    });
    expect(verified.status).toBe(200);
    // Past the per-address email window, so every path may send its mail.
    host.clock.advance(61_000);
    return { new: freshEmail('new'), pending, confirmed };
  }

  it.each([
    ['signup', (email: string) => signup(email)],
    ['recover', (email: string) => call('POST', `${host.api}/recover`, { body: { email }, headers: from() })],
    [
      'resend',
      (email: string) =>
        call('POST', `${host.api}/resend`, { body: { type: 'signup', email }, headers: from() }),
    ],
  ])(
    '%s answers a new, a pending and a confirmed address with one status and one JSON shape',
    async (_name, ask) => {
      const addresses = await threeAddresses();
      const answers = {
        new: await ask(addresses.new),
        pending: await ask(addresses.pending),
        confirmed: await ask(addresses.confirmed),
      };
      expect(answers.new.status).toBe(200);
      expect(answers.pending.status).toBe(answers.new.status);
      expect(answers.confirmed.status).toBe(answers.new.status);
      expect(shapeOf(answers.pending.body)).toEqual(shapeOf(answers.new.body));
      expect(shapeOf(answers.confirmed.body)).toEqual(shapeOf(answers.new.body));
    },
  );
});
