import type { Server } from 'node:http';
import express from 'express';
import { exportJWK, generateKeyPair, type KeyLike } from 'jose';
import { boundPort, closeServer, listen } from '@pt/platform';

export interface TestJwks {
  /** Signs the tokens the published key verifies (ES256, header kid = `kid`). */
  privateKey: KeyLike;
  kid: string;
  url: string;
  close(): Promise<void>;
}

/** Publishes one fresh ES256 public key at `path`, as the auth service's JWKS endpoint does. */
export async function startJwksServer(path = '/jwks.json', kid = 'k1'): Promise<TestJwks> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const app = express();
  app.get(path, (_req, res) => {
    res.json({ keys: [jwk] });
  });
  const server: Server = await listen(app, 0, '127.0.0.1');
  return {
    privateKey,
    kid,
    url: `http://127.0.0.1:${boundPort(server)}${path}`,
    close: () => closeServer(server),
  };
}
