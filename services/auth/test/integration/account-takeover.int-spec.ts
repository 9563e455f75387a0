import { describeAdapter, postgresAvailability } from '@pt/testing';
import {
  call,
  directVerifyLink,
  startAuthHost,
  testConfig,
  tokenOf,
  type AuthHost,
} from '../support/auth-host';

const OWNER = 'owner password 1';
const SQUATTER = 'squatter password 2';
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;

/**
 * Nobody takes an account they cannot read the mail of, recovery through the
 * mail, and signup that does not tell which addresses have accounts. Over HTTP through the
 * gateway, on real Postgres, with every mail read from the outbox (as relayed on the bus).
 */
describeAdapter('auth-account-takeover', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig() });
  });
  afterAll(() => host?.close());

  const signup = (email: string, password: string, data: Record<string, unknown> = {}) =>
    call('POST', `${host.api}/signup`, { body: { email, password, data } });
  const signIn = (email: string, password: string) =>
    call('POST', `${host.api}/token?grant_type=password`, { body: { email, password } });
  const verify = (type: string, link: string) =>
    call('POST', `${host.api}/verify`, { body: { type, token_hash: tokenOf(link) } });

  /** The mailbox owner's way back in after a contested signup: the recovery mail, a new password. */
  async function recoverThroughMail(email: string, password: string) {
    const mail = await host.nextEmail(email);
    expect(mail.kind).toBe('recovery');
    const recovered = await verify('recovery', mail.link);
    expect(recovered.status).toBe(200);
    const changed = await call('PUT', `${host.api}/user`, {
      token: recovered.body.access_token,
      body: { password },
    });
    expect(changed.status).toBe(200);
  }

  describe.each([
    ['the owner signs up first, the squatter 61 s later', 'owner-first'],
    ['the squatter signs up first, the owner 61 s later', 'squatter-first'],
  ])('%s, and the owner clicks the newest mail', (_name, order) => {
    it("the squatter's password never works; the owner gets in through the mail", async () => {
      const email = freshEmail(order);
      const first = order === 'owner-first' ? OWNER : SQUATTER;
      const second = order === 'owner-first' ? SQUATTER : OWNER;
      const a = await signup(email, first, { name: 'First' });
      const firstMail = await host.nextEmail(email);
      host.clock.advance(61_000);
      const b = await signup(email, second, { name: 'Second' });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
      const newest = await host.nextEmail(email);

      // The earlier link stopped working: only the newest mail counts.
      expect((await verify('signup', firstMail.link)).body.error_code).toBe('otp_expired');
      const confirmed = await verify('signup', newest.link);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user.email_confirmed_at).toEqual(expect.any(String));

      // Two people chose a password for one mailbox: neither password survives confirmation.
      expect((await signIn(email, SQUATTER)).body.error_code).toBe('invalid_credentials');
      expect((await signIn(email, OWNER)).body.error_code).toBe('invalid_credentials');
      // The owner, who reads the mail, is sent a recovery link and chooses a password.
      await recoverThroughMail(email, 'owner chosen later 3');
      expect((await signIn(email, 'owner chosen later 3')).status).toBe(200);
      expect((await signIn(email, SQUATTER)).body.error_code).toBe('invalid_credentials');
    });
  });

  it('a repeat signup with the same password (a double submit) keeps it', async () => {
    const email = freshEmail('twice');
    await signup(email, OWNER, { name: 'Pat' });
    await host.nextEmail(email);
    host.clock.advance(61_000);
    await signup(email, OWNER, { name: 'Other' });
    const confirmed = await verify('signup', (await host.nextEmail(email)).link);
    // GoTrue leaves an unconfirmed user unchanged on a repeat signup.
    expect(confirmed.body.user.user_metadata).toEqual({ name: 'Pat' });
    expect((await signIn(email, OWNER)).status).toBe(200);
  });

  it("the squatter signs up, the owner (who never did) recovers: the squatter's password never works", async () => {
    const email = freshEmail('recover-squatted');
    expect((await signup(email, SQUATTER, { name: 'Mallory' })).status).toBe(200);
    // The confirmation mail goes to the owner, who ignores it and uses "forgot password" instead.
    expect((await host.nextEmail(email)).kind).toBe('signup');
    expect((await call('POST', `${host.api}/recover`, { body: { email } })).status).toBe(200);
    const mail = await host.nextEmail(email);
    expect(mail.kind).toBe('recovery');
    const recovered = await verify('recovery', mail.link);
    expect(recovered.status).toBe(200);
    expect(recovered.body.user.email_confirmed_at).toEqual(expect.any(String));

    // The recovery confirmed the address; the only password was chosen without the mailbox.
    // Even if the owner leaves before choosing one, it must not sign in.
    expect((await signIn(email, SQUATTER)).body.error_code).toBe('invalid_credentials');
    const changed = await call('PUT', `${host.api}/user`, {
      token: recovered.body.access_token,
      body: { password: OWNER },
    });
    expect(changed.status).toBe(200);
    expect((await signIn(email, OWNER)).status).toBe(200);
    expect((await signIn(email, SQUATTER)).body.error_code).toBe('invalid_credentials');
  });

  describe('signup answers every address like a new one', () => {
    it('a confirmed address: 200 with a new-looking user, and its owner is told someone tried', async () => {
      const email = freshEmail('taken');
      const fresh = await signup(email, OWNER, { name: 'Pat' });
      await verify('signup', (await host.nextEmail(email)).link);
      host.clock.advance(61_000);
      const again = await call('POST', `${host.api}/signup`, {
        body: { email: email.toUpperCase(), password: SQUATTER, data: { name: 'Mallory' } },
      });
      expect(again.status).toBe(200);
      expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(again.body).toMatchObject({
        email,
        email_confirmed_at: null,
        user_metadata: { name: 'Mallory' },
        identities: [expect.objectContaining({ provider: 'email' })],
      });
      expect(again.body.id).not.toBe(fresh.body.id);
      const warning = await host.nextEmail(email);
      expect(warning).toMatchObject({ kind: 'signup-attempt', link: '' });
      expect((await signIn(email, OWNER)).status).toBe(200);
      expect((await signIn(email, SQUATTER)).body.error_code).toBe('invalid_credentials');
    });

    it('an address signed up in the last 60 s: 200 like a new one (no 429), no second mail', async () => {
      const email = freshEmail('hurried');
      const first = await signup(email, OWNER);
      const again = await signup(email, OWNER);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
      await host.nextEmail(email);
      // A mail for a third address proves the relay ran past this address's requests.
      const marker = freshEmail('marker');
      await signup(marker, OWNER);
      await host.nextEmail(marker);
      expect(host.emails.filter((mail) => mail.email === email)).toHaveLength(1);
    });
  });

  describe('failed attempts cannot lock the owner out', () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attempt = (email: string, password: string, ip: string) =>
      call('POST', `${host.api}/token?grant_type=password`, { body: { email, password }, headers: from(ip) });

    it('ten wrong passwords from anywhere do not stop the owner; the attacker is slowed and stopped', async () => {
      const email = freshEmail('locked');
      await signup(email, OWNER);
      await verify('signup', (await host.nextEmail(email)).link);
      // Repeated over three windows: the old behaviour (5-minute lock per account) was repeatable forever.
      for (let round = 0; round < 3; round++) {
        const answers = [];
        for (let i = 0; i < 11; i++)
          answers.push(await attempt(email, `wrong-${round}-${i}`, '203.0.113.66'));
        expect(answers.slice(0, 10).every((r) => r.body.error_code === 'invalid_credentials')).toBe(true);
        // The attacking client is stopped on this account (per account and client address) …
        expect(answers[10].status).toBe(429);
        expect(Number(answers[10].headers.get('retry-after'))).toBeGreaterThan(0);
        // … and the same attacker from another address is slowed down, not answered at once …
        const started = Date.now();
        const slowed = await attempt(email, `wrong-${round}-x`, '198.51.100.77');
        expect(slowed.body.error_code).toBe('invalid_credentials');
        expect(Date.now() - started).toBeGreaterThanOrEqual(host.config.failureDelay.baseMs);
        // … while the owner, from an address with no recent failures, signs in at once.
        const owner = await attempt(email, OWNER, '192.0.2.10');
        expect(owner.status).toBe(200);
        host.clock.advance(5 * 60_000 + 1);
      }
    });

    it('keeps the per-IP limit: one address cannot spray guesses over many accounts', async () => {
      const answers = [];
      for (let i = 0; i < 31; i++)
        answers.push(await attempt(freshEmail('spray'), 'guess-1234', '203.0.113.99'));
      expect(answers.slice(0, 30).every((r) => r.body.error_code === 'invalid_credentials')).toBe(true);
      expect(answers[30].status).toBe(429);
      host.clock.advance(5 * 60_000 + 1);
    });
  });

  describe('password recovery and change', () => {
    async function confirmedUser(password = OWNER) {
      const email = freshEmail('recover');
      await signup(email, password);
      const confirmed = await verify('signup', (await host.nextEmail(email)).link);
      expect(confirmed.status).toBe(200);
      return { email, session: confirmed.body };
    }

    it('answers the same for unknown and known addresses; the mail holds a single-use recovery link', async () => {
      const { email } = await confirmedUser();
      host.clock.advance(61_000);
      const unknown = await call('POST', `${host.api}/recover`, { body: { email: freshEmail('nobody') } });
      const known = await call('POST', `${host.api}/recover`, { body: { email } });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      const mail = await host.nextEmail(email);
      expect(mail.kind).toBe('recovery');
      const link = new URL(mail.link);
      expect(`${link.origin}${link.pathname}`).toBe('http://site.test/');
      expect(link.searchParams.get('type')).toBe('recovery');

      // The wrong type for the token confirms nothing, and does not use it up.
      expect((await verify('signup', mail.link)).body.error_code).toBe('otp_expired');
      const recovered = await verify('recovery', mail.link);
      expect(recovered.status).toBe(200);
      const [, claims] = (recovered.body.access_token as string).split('.');
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString()).amr[0].method).toBe('recovery');
      expect((await verify('recovery', mail.link)).body.error_code).toBe('otp_expired');
    });

    it('a confirmation token sent as type recovery is refused: otp_expired, no session', async () => {
      const email = freshEmail('wrong-type');
      await signup(email, OWNER);
      const mail = await host.nextEmail(email);
      const wrong = await verify('recovery', mail.link);
      expect(wrong.status).toBe(403);
      expect(wrong.body.error_code).toBe('otp_expired');
      expect(wrong.body.access_token).toBeUndefined();
      // Nothing was confirmed, and the token still works for its own type.
      expect((await signIn(email, OWNER)).body.error_code).toBe('email_not_confirmed');
      expect((await verify('signup', mail.link)).status).toBe(200);
    });

    it('GET /verify?type=recovery (clients that link to it directly) starts the recovery session', async () => {
      const { email } = await confirmedUser();
      host.clock.advance(61_000);
      await call('POST', `${host.api}/recover`, { body: { email } });
      const token = tokenOf((await host.nextEmail(email)).link);
      const res = await fetch(directVerifyLink(host, token, 'recovery'), { redirect: 'manual' });
      expect(res.status).toBe(303);
      const fragment = new URLSearchParams(new URL(res.headers.get('location') as string).hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      expect(fragment.get('access_token')).toEqual(expect.any(String));
      const again = await fetch(directVerifyLink(host, token, 'recovery'), { redirect: 'manual' });
      const error = new URLSearchParams(new URL(again.headers.get('location') as string).hash.slice(1));
      expect(error.get('error_code')).toBe('otp_expired');
    });

    it('a recovery link expires after 1 hour', async () => {
      const { email } = await confirmedUser();
      host.clock.advance(61_000);
      await call('POST', `${host.api}/recover`, { body: { email } });
      const mail = await host.nextEmail(email);
      host.clock.advance(60 * 60 * 1000 + 1000);
      const late = await verify('recovery', mail.link);
      expect(late.status).toBe(403);
      expect(late.body.error_code).toBe('otp_expired');
    });

    it('is rate limited per address like resend, with Retry-After, whether or not it has an account', async () => {
      for (const email of [(await confirmedUser()).email, freshEmail('ghost')]) {
        host.clock.advance(61_000);
        expect((await call('POST', `${host.api}/recover`, { body: { email } })).status).toBe(200);
        const again = await call('POST', `${host.api}/recover`, { body: { email } });
        expect(again.status).toBe(429);
        expect(again.body.error_code).toBe('over_email_send_rate_limit');
        expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('validates like the other endpoints', async () => {
      const bad = await call('POST', `${host.api}/recover`, { body: { email: 'not an email' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error_code).toBe('validation_failed');
      const missing = await call('POST', `${host.api}/recover`, { body: {} });
      expect(missing.body.error_code).toBe('validation_failed');
    });

    it('PUT /user {password}: strength rules; every other session ends, this one stays', async () => {
      const { email, session } = await confirmedUser();
      const other = (await signIn(email, OWNER)).body;
      const weak = await call('PUT', `${host.api}/user`, {
        token: session.access_token,
        body: { password: '123' },
      });
      expect(weak.status).toBe(422);
      expect(weak.body.error_code).toBe('weak_password');

      const changed = await call('PUT', `${host.api}/user`, {
        token: session.access_token,
        body: { password: 'a brand new passphrase' },
      });
      expect(changed.status).toBe(200);
      expect((await signIn(email, OWNER)).body.error_code).toBe('invalid_credentials');
      expect((await signIn(email, 'a brand new passphrase')).status).toBe(200);
      expect((await call('GET', `${host.api}/user`, { token: session.access_token })).status).toBe(200);
      expect((await call('GET', `${host.api}/user`, { token: other.access_token })).body.error_code).toBe(
        'session_not_found',
      );
      const refresh = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
        body: { refresh_token: other.refresh_token },
      });
      expect(refresh.body.error_code).toBe('refresh_token_not_found');
    });
  });
});
