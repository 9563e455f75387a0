import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toErrorResponse } from '@pt/platform';
import { HttpDemoControl } from '../../src/services/demo-control.service';

/** The admin price pin while the demo marketplaces are down or restarting. */
describe(HttpDemoControl.name, () => {
  async function failure(url: string) {
    const error = await new HttpDemoControl(() => ({ url })).setPrice('demo-1', 9.99).then(
      () => undefined,
      (e: unknown) => e,
    );
    return toErrorResponse(error);
  }

  it('answers 502 with Retry-After when the demo marketplaces do not answer', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const answer = await failure(`http://127.0.0.1:${port}`);
    console.log(`demo down: ${answer.status}, Retry-After ${answer.retryAfterS}`);
    expect(answer).toMatchObject({ status: 502, body: { error: { code: 'demo_unreachable' } } });
    expect(answer.retryAfterS).toBeGreaterThan(0);
  });

  it('answers 502 with Retry-After when they answer 503 while starting', async () => {
    const server = http.createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await failure(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(answer).toMatchObject({ status: 502, body: { error: { code: 'demo_unreachable' } } });
      expect(answer.retryAfterS).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
