import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import { boundPort, closeServer, listen } from '@pt/platform';

export type FakeProviderKind = 'google' | 'facebook' | 'twitter';

/** The account the fake provider signs in as next. */
export interface FakeAccount {
  id: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  account: FakeAccount;
}

export interface FakeProviderCall {
  endpoint: 'authorize' | 'token' | 'userinfo';
  params: Record<string, string>;
}

export interface FakeOAuthProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The AUTH_<NAME>_* variables that point the auth service here. */
  env: Record<string, string>;
  calls: FakeProviderCall[];
  /** Who signs in next; `deny` makes the user refuse consent. */
  next: { account: FakeAccount; deny?: boolean };
  close(): Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The account in the provider's own userinfo shape. */
function userinfo(kind: FakeProviderKind, account: FakeAccount): unknown {
  switch (kind) {
    case 'google':
      return {
        sub: account.id,
        email: account.email,
        email_verified: account.emailVerified ?? true,
        name: account.name,
        picture: 'https://img.test/g.png',
      };
    case 'facebook':
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        picture: { data: { url: 'https://img.test/f.png' } },
      };
    case 'twitter':
      return {
        data: {
          id: account.id,
          name: account.name,
          username: 'user',
          ...(account.email ? { confirmed_email: account.email } : {}),
        },
      };
  }
}

/**
 * A local OAuth 2 provider for tests: authorize (redirects back with code and state), token
 * (checks client credentials, redirect_uri and — when the authorize request had a challenge —
 * the PKCE S256 code_verifier) and userinfo, in Google's, Facebook's or Twitter's shape. Twitter
 * requires PKCE and HTTP Basic client authentication, as the real one does.
 */
export async function startFakeOAuthProvider(kind: FakeProviderKind): Promise<FakeOAuthProvider> {
  const clientId = `${kind}-client`;
  const clientSecret = `${kind}-secret`;
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FakeAccount>();
  const calls: FakeProviderCall[] = [];
  let state: FakeOAuthProvider['next'] = {
    account: { id: `${kind}-1`, email: `${kind}.user@example.com`, name: `${kind} user` },
  };

  const app = express();
  app.use(express.urlencoded({ extended: false }));

  app.get('/authorize', (req, res) => {
    const q = req.query as Record<string, string>;
    calls.push({ endpoint: 'authorize', params: q });
    if (q.client_id !== clientId || q.response_type !== 'code' || !q.redirect_uri)
      return res.status(400).send('bad authorize request');
    if (kind === 'twitter' && q.code_challenge_method !== 'S256')
      return res.status(400).send('twitter requires PKCE');
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state ?? '');
    if (state.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied access');
      return res.redirect(302, back.toString());
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      clientId,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: q.code_challenge_method,
      account: state.account,
    });
    back.searchParams.set('code', code);
    return res.redirect(302, back.toString());
  });

  app.post('/token', (req, res) => {
    const body = req.body as Record<string, string>;
    calls.push({ endpoint: 'token', params: { ...body, client_secret: body.client_secret ? '***' : '' } });
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic (.+)$/.exec(req.header('authorization') ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
    if (kind === 'twitter' && !basic)
      return res.status(401).json({ error: 'invalid_client', error_description: 'basic auth required' });
    if (id !== clientId || secret !== clientSecret) return res.status(401).json({ error: 'invalid_client' });
    const pending = codes.get(body.code);
    codes.delete(body.code);
    if (body.grant_type !== 'authorization_code' || !pending)
      return res.status(400).json({ error: 'invalid_grant' });
    if (pending.redirectUri !== body.redirect_uri)
      return res.status(400).json({ error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    if (pending.codeChallenge) {
      if (
        pending.codeChallengeMethod !== 'S256' ||
        !body.code_verifier ||
        s256(body.code_verifier) !== pending.codeChallenge
      ) {
        return res
          .status(400)
          .json({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, pending.account);
    return res.json({ access_token: accessToken, token_type: 'bearer', expires_in: 3600 });
  });

  app.get('/userinfo', (req, res) => {
    const token = /^Bearer (.+)$/.exec(req.header('authorization') ?? '')?.[1] ?? '';
    calls.push({ endpoint: 'userinfo', params: {} });
    const account = tokens.get(token);
    if (!account) return res.status(401).json({ error: 'invalid_token' });
    return res.json(userinfo(kind, account));
  });

  const server: Server = await listen(app, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${boundPort(server)}`;
  const upper = kind.toUpperCase();
  return {
    url,
    clientId,
    clientSecret,
    calls,
    get next() {
      return state;
    },
    set next(value) {
      state = value;
    },
    env: {
      [`AUTH_${upper}_CLIENT_ID`]: clientId,
      [`AUTH_${upper}_SECRET`]: clientSecret,
      [`AUTH_${upper}_AUTHORIZE_URL`]: `${url}/authorize`,
      [`AUTH_${upper}_TOKEN_URL`]: `${url}/token`,
      [`AUTH_${upper}_USERINFO_URL`]: `${url}/userinfo`,
    },
    close: () => closeServer(server),
  };
}
