import { SignJWT } from 'jose';
import { startJwksServer, type TestJwks } from '../../test/support/jwks-server';
import { createAccessTokenVerifier, InvalidAccessTokenError } from './access-token-verifier';

/** The verified-token cache: a repeat of a token skips the signature, never its expiry. */
describe('access-token verifier cache', () => {
  let jwks: TestJwks;
  let jwksUrl: string;
  let clock = Date.now();
  const now = () => clock;

  const token = (sub: string, expSeconds: number) =>
    new SignJWT({ role: 'user', session_id: `s-${sub}` })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(sub)
      .setAudience('authenticated')
      .setIssuer('price-tracker-auth')
      .setIssuedAt()
      .setExpirationTime(expSeconds)
      .sign(jwks.privateKey);

  beforeAll(async () => {
    jwks = await startJwksServer();
    jwksUrl = jwks.url;
  });
  afterAll(() => jwks.close());

  it('answers a repeated token from the cache, as a copy the caller cannot change', async () => {
    const sut = createAccessTokenVerifier({ jwksUrl, now, cache: { maxAgeMs: 30_000, maxEntries: 10 } });
    const jwt = await token('u1', Math.floor(clock / 1000) + 3600);
    const first = await sut.verify(jwt);
    first.role = 'admin';
    expect(await sut.verify(jwt)).toEqual({ id: 'u1', role: 'user', sessionId: 's-u1' });
  });

  it('never answers a token from the cache past its exp', async () => {
    const sut = createAccessTokenVerifier({ jwksUrl, now, cache: { maxAgeMs: 60_000, maxEntries: 10 } });
    const exp = Math.floor(clock / 1000) + 20;
    const jwt = await token('u2', exp);
    await sut.verify(jwt);
    clock = exp * 1000 + 1;
    await expect(sut.verify(jwt)).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('never takes a tampered copy of a cached token for it', async () => {
    const sut = createAccessTokenVerifier({ jwksUrl, now, cache: { maxAgeMs: 60_000, maxEntries: 10 } });
    const jwt = await token('u3', Math.floor(clock / 1000) + 3600);
    await sut.verify(jwt);
    const [header, payload] = jwt.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u3', role: 'admin' })).toString('base64url');
    await expect(sut.verify(`${header}.${forged}.${jwt.split('.')[2]}`)).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
    await expect(sut.verify(`${header}.${payload}.${'A'.repeat(86)}`)).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
  });
});
