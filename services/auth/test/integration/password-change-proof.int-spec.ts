import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, tokenOf, type AuthHost } from '../support/auth-host';

const OWNER = 'owner password 1';
const THIEF_CHOICE = 'thief password 2';
const MINUTE = 60_000;
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;

/**
 * An access token alone does not change the password. PUT /user with a password
 * needs the current password, or a session signed in within the last few minutes (its sign-in,
 * not its last refresh), or the session of a recovery link.
 */
describeAdapter('auth-password-change-proof', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig() });
  });
  afterAll(() => host?.close());

  const signIn = (email: string, password: string) =>
    call('POST', `${host.api}/token?grant_type=password`, { body: { email, password } });
  const changePassword = (token: string, body: Record<string, unknown>) =>
    call('PUT', `${host.api}/user`, { token, body });

  async function confirmedOwner() {
    const email = freshEmail('owner');
    await call('POST', `${host.api}/signup`, { body: { email, password: OWNER, data: {} } });
    const mail = await host.nextEmail(email);
    const confirmed = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf(mail.link) },
    });
    expect(confirmed.status).toBe(200);
    return email;
  }

  it('a stolen token from an older sign-in cannot change the password, nor sign out the owner', async () => {
    const email = await confirmedOwner();
    const ownerDevice = (await signIn(email, OWNER)).body;
    const stolen = (await signIn(email, OWNER)).body;
    host.clock.advance(6 * MINUTE);

    const refused = await changePassword(stolen.access_token, { password: THIEF_CHOICE });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 400,
      error_code: 'reauthentication_needed',
      msg: expect.any(String),
    });
    // Nothing changed: the owner's device is still signed in and the password still works.
    expect((await call('GET', `${host.api}/user`, { token: ownerDevice.access_token })).status).toBe(200);
    expect((await signIn(email, THIEF_CHOICE)).status).toBe(400);
    expect((await signIn(email, OWNER)).status).toBe(200);
  });

  it('refreshing the token does not make an old sign-in recent', async () => {
    const email = await confirmedOwner();
    const session = (await signIn(email, OWNER)).body;
    host.clock.advance(4 * MINUTE);
    const refreshed = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: session.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    host.clock.advance(2 * MINUTE);
    const refused = await changePassword(refreshed.body.access_token, { password: THIEF_CHOICE });
    expect(refused.body.error_code).toBe('reauthentication_needed');
  });

  it('the current password is the proof: a wrong one is refused, the right one changes it', async () => {
    const email = await confirmedOwner();
    const session = (await signIn(email, OWNER)).body;
    const other = (await signIn(email, OWNER)).body;
    host.clock.advance(30 * MINUTE);

    const wrong = await changePassword(session.access_token, {
      password: 'a new passphrase 3',
      current_password: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_code).toBe('reauthentication_not_valid');
    expect((await signIn(email, OWNER)).status).toBe(200);

    const changed = await changePassword(session.access_token, {
      password: 'a new passphrase 3',
      current_password: OWNER,
    });
    expect(changed.status).toBe(200);
    expect((await signIn(email, 'a new passphrase 3')).status).toBe(200);
    expect((await call('GET', `${host.api}/user`, { token: other.access_token })).body.error_code).toBe(
      'session_not_found',
    );
  });

  it('a sign-in within the last 5 minutes is proof enough', async () => {
    const email = await confirmedOwner();
    const session = (await signIn(email, OWNER)).body;
    host.clock.advance(4 * MINUTE);
    const changed = await changePassword(session.access_token, { password: 'a new passphrase 4' });
    expect(changed.status).toBe(200);
    expect((await signIn(email, 'a new passphrase 4')).status).toBe(200);
  });

  it('a recovery session sets a new password without the old one, even after a refresh', async () => {
    const email = await confirmedOwner();
    host.clock.advance(61_000);
    await call('POST', `${host.api}/recover`, { body: { email } });
    const mail = await host.nextEmail(email);
    expect(mail.kind).toBe('recovery');
    const recovered = await call('POST', `${host.api}/verify`, {
      body: { type: 'recovery', token_hash: tokenOf(mail.link) },
    });
    expect(recovered.status).toBe(200);
    host.clock.advance(20 * MINUTE);
    const refreshed = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: recovered.body.refresh_token },
    });
    const changed = await changePassword(refreshed.body.access_token, { password: 'a recovered passphrase' });
    expect(changed.status).toBe(200);
    expect((await signIn(email, 'a recovered passphrase')).status).toBe(200);
  });

  it('guessing the current password with a stolen token is slowed like guessing at sign-in', async () => {
    const email = await confirmedOwner();
    const stolen = (await signIn(email, OWNER)).body;
    host.clock.advance(30 * MINUTE);
    const guess = (n: number) =>
      changePassword(stolen.access_token, { password: THIEF_CHOICE, current_password: `guess ${n}` });
    for (let n = 0; n < host.config.failureDelay.freeFailures; n++)
      expect((await guess(n)).body.error_code).toBe('reauthentication_not_valid');
    const started = Date.now();
    expect((await guess(99)).body.error_code).toBe('reauthentication_not_valid');
    expect(Date.now() - started).toBeGreaterThanOrEqual(host.config.failureDelay.baseMs);
  });

  it('a recovery session more than an hour old needs the current password like any other', async () => {
    const email = await confirmedOwner();
    host.clock.advance(61_000);
    await call('POST', `${host.api}/recover`, { body: { email } });
    const recovered = await call('POST', `${host.api}/verify`, {
      body: { type: 'recovery', token_hash: tokenOf((await host.nextEmail(email)).link) },
    });
    host.clock.advance(61 * MINUTE);
    const refreshed = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: recovered.body.refresh_token },
    });
    const refused = await changePassword(refreshed.body.access_token, { password: THIEF_CHOICE });
    expect(refused.body.error_code).toBe('reauthentication_needed');
  });

  it('the name and other metadata still change with the token alone', async () => {
    const email = await confirmedOwner();
    const session = (await signIn(email, OWNER)).body;
    host.clock.advance(30 * MINUTE);
    const updated = await call('PUT', `${host.api}/user`, {
      token: session.access_token,
      body: { data: { name: 'Sam' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user_metadata).toMatchObject({ name: 'Sam' });
  });
});
