import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, tokenOf, type AuthHost } from '../support/auth-host';

const PASSWORD = 'rotation passphrase';

/** Refresh tokens rotate on every use; reuse of a rotated one revokes the whole session. */
describeAdapter('auth-refresh', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  let n = 0;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig({ refreshReuseIntervalS: 10 }) });
  });
  afterAll(() => host?.close());

  async function session() {
    const email = `rotation-${++n}@example.com`;
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf((await host.nextEmail(email)).link) },
    });
    return (
      await call('POST', `${host.api}/token?grant_type=password`, { body: { email, password: PASSWORD } })
    ).body;
  }
  const refresh = (token: string) =>
    call('POST', `${host.api}/token?grant_type=refresh_token`, { body: { refresh_token: token } });

  it('rotates: each refresh returns a new refresh token for the same session', async () => {
    const first = await session();
    const second = (await refresh(first.refresh_token)).body;
    const third = (await refresh(second.refresh_token)).body;
    expect(new Set([first.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
    expect(claims(third.access_token).session_id).toBe(claims(first.access_token).session_id);
  });

  it('reuse of a rotated token after the reuse interval revokes the session: the newest token stops working too', async () => {
    const first = await session();
    const second = (await refresh(first.refresh_token)).body;
    const newest = (await refresh(second.refresh_token)).body;
    host.clock.advance(11_000);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_code).toBe('refresh_token_already_used');

    const afterRevocation = await refresh(newest.refresh_token);
    expect(afterRevocation.status).toBe(400);
    expect(afterRevocation.body.error_code).toBe('refresh_token_not_found');
    const user = await call('GET', `${host.api}/user`, { token: newest.access_token });
    expect(user.body.error_code).toBe('session_not_found');
  });

  it('within the reuse interval a just-rotated token still refreshes (two tabs refreshing together)', async () => {
    const first = await session();
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    host.clock.advance(5_000);
    expect((await refresh(first.refresh_token)).status).toBe(200);
    expect((await refresh(b.body.refresh_token)).status).toBe(200);
  });

  it("within the reuse interval an exchanged token gets the session's current token, never a new sibling", async () => {
    const first = await session();
    const sessionId = JSON.parse(
      Buffer.from((first.access_token as string).split('.')[1], 'base64url').toString(),
    ).session_id;
    const activeTokens = async () =>
      (
        await host.runtime.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM auth.refresh_tokens WHERE session_id = $1 AND revoked_at IS NULL',
          [sessionId],
        )
      ).rows[0].n;

    // Two tabs refresh with the same token at once: both get the same successor.
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.refresh_token).toBe(a.body.refresh_token);
    // A third try within the interval converges on it too.
    const again = await refresh(first.refresh_token);
    expect(again.body.refresh_token).toBe(a.body.refresh_token);
    expect(await activeTokens()).toBe(1);

    // Once the chain moves on, a stale token within the interval gets the newest, still one chain.
    host.clock.advance(2_000);
    const next = await refresh(a.body.refresh_token);
    const stale = await refresh(first.refresh_token);
    expect(stale.status).toBe(200);
    expect(stale.body.refresh_token).toBe(next.body.refresh_token);
    expect(await activeTokens()).toBe(1);

    // After the interval, reuse still revokes the whole session.
    host.clock.advance(11_000);
    expect((await refresh(first.refresh_token)).body.error_code).toBe('refresh_token_already_used');
    expect((await refresh(next.body.refresh_token)).body.error_code).toBe('refresh_token_not_found');
  });
});

describeAdapter('auth-refresh-strict', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig({ refreshReuseIntervalS: 0 }) });
  });
  afterAll(() => host?.close());

  it('with no reuse interval, the second of two uses is already a reuse', async () => {
    const email = 'strict@example.com';
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf((await host.nextEmail(email)).link) },
    });
    const first = (
      await call('POST', `${host.api}/token?grant_type=password`, { body: { email, password: PASSWORD } })
    ).body;
    const rotated = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: first.refresh_token },
    });
    host.clock.advance(1);
    const reuse = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: first.refresh_token },
    });
    expect(reuse.body.error_code).toBe('refresh_token_already_used');
    const newest = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: rotated.body.refresh_token },
    });
    expect(newest.body.error_code).toBe('refresh_token_not_found');
  });
});
