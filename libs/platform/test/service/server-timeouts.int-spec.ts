import net from 'node:net';
import { boundPort, closeServer, DEFAULT_SERVER_TIMEOUTS, listen } from '@pt/platform';
import { eventually } from '@pt/testing';

/**
 * 100 slow-header sockets were held open for 30 s and never closed. Every
 * server built with `listen` now closes a client that has not sent its headers in time.
 */
describe('HTTP server timeouts', () => {
  it('has header and request timeouts by default', () => {
    expect(DEFAULT_SERVER_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(DEFAULT_SERVER_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(1_000);
  });

  it('closes 100 slow-header (slowloris) sockets once the header timeout passes', async () => {
    const server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', {
      headersTimeoutMs: 1_000,
      checkIntervalMs: 250,
    });
    const port = boundPort(server);
    const closed = new Set<number>();
    const sockets = Array.from({ length: 100 }, (_, i) => {
      const socket = net.connect(port, '127.0.0.1');
      // Part of a request line and one header, and never the blank line that ends the headers.
      socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: '));
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => closed.add(i));
      return socket;
    });
    const started = Date.now();
    try {
      await eventually(() => closed.size === 100, { timeoutMs: 15_000 });
      // Well before the 30 s they used to be held.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    }
  });

  it('still answers a client that sends its request in time', async () => {
    const server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', { headersTimeoutMs: 1_000 });
    try {
      const res = await fetch(`http://127.0.0.1:${boundPort(server)}/`);
      expect(await res.text()).toBe('ok');
    } finally {
      await closeServer(server);
    }
  });
});
