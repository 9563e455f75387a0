import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { proxyTo, UPSTREAM_RETRY_AFTER_S } from '../../src/proxy';

/** A service answering `status` with the error body, and the headers it is given. */
async function service(status: number, headers: Record<string, string> = {}) {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { code: 'service_unavailable', message: 'Starting' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe(proxyTo.name, () => {
  const servers: http.Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function through(status: number, headers?: Record<string, string>) {
    const upstream = await service(status, headers);
    servers.push(upstream.server);
    const app = express().use(proxyTo(upstream.url));
    return request(app).get('/api/v1/auth/session');
  }

  it.each([502, 503, 504])(
    'adds Retry-After to a %s the service answered without one, keeping its body',
    async (status) => {
      const res = await through(status);
      console.log(`upstream ${status} → gateway ${res.status}, Retry-After ${res.headers['retry-after']}`);
      expect(res.status).toBe(status);
      expect(res.headers['retry-after']).toBe(String(UPSTREAM_RETRY_AFTER_S));
      expect(res.body).toEqual({ error: { code: 'service_unavailable', message: 'Starting' } });
    },
  );

  it("keeps the service's own Retry-After and adds none to other answers", async () => {
    expect((await through(503, { 'retry-after': '7' })).headers['retry-after']).toBe('7');
    expect((await through(500)).headers['retry-after']).toBeUndefined();
    expect((await through(404)).headers['retry-after']).toBeUndefined();
  });

  it('answers 503 with Retry-After and the error body when the service is not reachable', async () => {
    const upstream = await service(200);
    await new Promise((resolve) => upstream.server.close(resolve));
    const res = await request(express().use(proxyTo(upstream.url))).get('/api/v1/auth/session');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(UPSTREAM_RETRY_AFTER_S));
    expect(res.body.error.code).toBe('service_unavailable');
  });
});
