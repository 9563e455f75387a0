import express from 'express';
import type { AddressInfo } from 'node:net';
import { demoImageOrigins, securityHeaders } from '../../src/policies/security-headers';

async function cspOf(imageOrigins?: readonly string[]): Promise<string> {
  const app = express();
  app.use(securityHeaders(imageOrigins));
  app.get('/', (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return response.headers.get('content-security-policy') ?? '';
  } finally {
    server.close();
  }
}

const imgSrc = (csp: string) => /img-src ([^;]*)/.exec(csp)?.[1];

describe('the CSP img-src and the demo marketplaces’ pictures', () => {
  it('allows only https pictures (marketplace CDNs), data: and the app itself by default', async () => {
    expect(imgSrc(await cspOf())).toBe("'self' data: https:");
  });

  it('adds exactly the demo servers’ origins when the hosts name them', async () => {
    const origins = demoImageOrigins('http://127.0.0.1:41001,http://127.0.0.1:41002');
    expect(origins).toEqual(['http://127.0.0.1:41001', 'http://127.0.0.1:41002']);
    expect(imgSrc(await cspOf(origins))).toBe(
      "'self' data: https: http://127.0.0.1:41001 http://127.0.0.1:41002",
    );
  });

  it.each([
    ['', []],
    [undefined, []],
    ['http:', []],
    ['*', []],
    ["http://127.0.0.1:1 'unsafe-inline'", []],
    ['http://127.0.0.1:1/images', []],
    ['javascript:alert(1)', []],
    ['http://127.0.0.1:1, http://127.0.0.1:1', ['http://127.0.0.1:1']],
  ])('never widens the policy beyond exact http origins: %p', (value, expected) => {
    expect(demoImageOrigins(value)).toEqual(expected);
  });
});
