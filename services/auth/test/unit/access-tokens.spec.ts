import { exportJWK, exportPKCS8, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import type { Database, Logger } from '@pt/platform';
import { AccessTokensService, type TokenSubject } from '../../src/services/access-tokens.service';
import { parseConfiguredKey, SigningKeysService } from '../../src/services/signing-keys.service';
import type { SigningKeysRepository } from '../../src/repositories/signing-keys.repository';
import type { PepperCheck } from '../../src/services/pepper-check.service';

class Clock {
  constructor(public ms = Date.parse('2026-05-01T12:00:00Z')) {}
  now = () => new Date(this.ms);
}

const silent = { info: () => undefined, warn: () => undefined } as unknown as Logger;

async function keysFrom(privateKey: string): Promise<SigningKeysService> {
  const keys = new SigningKeysService(
    {} as Database,
    { privateKey, pepper: 'a test pepper of enough length' },
    new Clock(),
    silent,
    {} as SigningKeysRepository,
    { verify: () => Promise.resolve() } as unknown as PepperCheck,
  );
  await keys.onModuleInit();
  return keys;
}

const subject: TokenSubject = {
  userId: '7d3e1f6a-0000-4000-8000-000000000001',
  email: 'pat@example.com',
  role: 'user',
  sessionId: '7d3e1f6a-0000-4000-8000-0000000000aa',
  appMetadata: { provider: 'email', providers: ['email'], role: 'user' },
  userMetadata: { name: 'Pat' },
  method: 'password',
  authenticatedAt: new Date('2026-05-01T12:00:00Z'),
};

describe(AccessTokensService.name, () => {
  let clock: Clock;
  let keys: SigningKeysService;
  let sut: AccessTokensService;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    keys = await keysFrom(JSON.stringify(await exportJWK(privateKey)));
  });
  beforeEach(() => {
    clock = new Clock();
    sut = new AccessTokensService({ issuer: undefined, accessTokenTtlS: 3600 }, clock, keys);
  });

  it('signs ES256 tokens carrying every documented claim, valid for one hour', async () => {
    const { token, expiresAt } = await sut.sign(subject);
    const claims = await sut.verify(token);
    const iat = Math.floor(clock.ms / 1000);
    expect(claims).toMatchObject({
      sub: subject.userId,
      aud: 'authenticated',
      role: 'user',
      email: 'pat@example.com',
      session_id: subject.sessionId,
      iss: 'price-tracker-auth',
      iat,
      exp: iat + 3600,
      app_metadata: subject.appMetadata,
      user_metadata: { name: 'Pat' },
    });
    expect(expiresAt).toBe(iat + 3600);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: keys.current().kid,
      typ: 'JWT',
    });
  });

  it('refuses an expired token with bad_jwt', async () => {
    const { token } = await sut.sign(subject);
    clock.ms += 3601_000;
    await expect(sut.verify(token)).rejects.toMatchObject({
      status: 401,
      code: 'bad_jwt',
      message: expect.stringContaining('expired'),
    });
  });

  it.each([
    [
      'a tampered payload',
      async (token: string) => {
        const [h, p, s] = token.split('.');
        const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
        return `${h}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${s}`;
      },
    ],
    [
      'alg none',
      async () =>
        new UnsecuredJWT({ session_id: 's' })
          .setSubject('u')
          .setAudience('authenticated')
          .setIssuer('price-tracker-auth')
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'an HMAC token (algorithm confusion)',
      async () =>
        new SignJWT({ session_id: 's' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('u')
          .setAudience('authenticated')
          .setIssuer('price-tracker-auth')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(32))),
    ],
    [
      'another signing key',
      async () => {
        const { privateKey } = await generateKeyPair('ES256', { extractable: true });
        const other = new AccessTokensService(
          { issuer: undefined, accessTokenTtlS: 3600 },
          new Clock(),
          await keysFrom(JSON.stringify(await exportJWK(privateKey))),
        );
        return (await other.sign(subject)).token;
      },
    ],
    [
      'another issuer',
      async () =>
        (
          await new AccessTokensService(
            { issuer: 'elsewhere', accessTokenTtlS: 3600 },
            new Clock(),
            keys,
          ).sign(subject)
        ).token,
    ],
    ['garbage', async () => 'not-a-token'],
  ])('refuses %s with bad_jwt', async (_name, make) => {
    const { token } = await sut.sign(subject);
    await expect(sut.verify(await make(token))).rejects.toMatchObject({ code: 'bad_jwt' });
  });
});

describe(SigningKeysService.name, () => {
  it('takes AUTH_JWT_PRIVATE_KEY as PKCS#8 PEM too and publishes only the public part', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const sut = await keysFrom(pem.replace(/\n/g, '\\n'));
    const [jwk] = sut.jwks().keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: sut.current().kid });
    expect(jwk).not.toHaveProperty('d');
  });

  it('refuses a key that is not an EC P-256 private key', async () => {
    await expect(parseConfiguredKey(JSON.stringify({ kty: 'oct', k: 'abc' }))).rejects.toThrow(/P-256/);
  });
});
