import request from 'supertest';
import { createLogger } from '@pt/platform';
import { createGatewayApp } from '../app';
import { SERVICE_NAMES, type ServiceName } from '../routes';
import type { RequestHandler } from 'express';

const targets = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, ((_req, res) => res.json({})) as RequestHandler]),
) as Record<ServiceName, RequestHandler>;
const logger = createLogger({ service: 'gateway-test', level: 'silent' });
const gateway = (metricsToken?: string) => createGatewayApp({ logger, targets, metricsToken });

/** The public entry point does not hand its metrics to anyone who asks. */
describe('gateway /metrics', () => {
  const TOKEN = 'a-metrics-token-of-32-characters';

  it('is not served without a configured METRICS_TOKEN', async () => {
    const res = await request(gateway()).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_server_request_duration_seconds');
  });

  it('needs the metrics token as a bearer token', async () => {
    for (const header of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const req = request(gateway(TOKEN)).get('/metrics');
      const res = header ? await req.set('authorization', header) : await req;
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    const ok = await request(gateway(TOKEN)).get('/metrics').set('authorization', `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_server_request_duration_seconds');
  });

  // Security headers on every response, the scraped and the refused ones too,
  // even in a gateway built without the edge policies.
  it('carries the security headers', async () => {
    const answers = [
      await request(gateway(TOKEN)).get('/metrics').set('authorization', `Bearer ${TOKEN}`),
      await request(gateway(TOKEN)).get('/metrics'),
    ];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
