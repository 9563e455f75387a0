import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { proxyTo } from '../../src/proxy';

/**
 * A service that answers the first request of each connection with keep-alive, and closes the
 * connection on the next one without answering: what a kept-alive socket looks like when the
 * service's keep-alive timeout ends just as the gateway sends on it.
 */
async function closingService(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let answered = false;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (!buffer.includes('\r\n\r\n')) return;
      const line = buffer.split('\r\n')[0]!;
      buffer = '';
      requests.push(line);
      if (answered) return void socket.destroy();
      answered = true;
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: keep-alive\r\n\r\n{"ok":true}',
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The gateway keeps its sockets alive: the server closes only once they are gone.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

describe('proxyTo on a kept-alive socket the service closed', () => {
  it('sends a GET again once on a fresh connection instead of answering 503', async () => {
    const service = await closingService();
    const app = express().use(proxyTo(service.url));
    expect((await request(app).get('/api/v1/products/1')).status).toBe(200);
    const second = await request(app).get('/api/v1/products/2');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true });
    expect(service.requests).toEqual([
      'GET /api/v1/products/1 HTTP/1.1',
      'GET /api/v1/products/2 HTTP/1.1',
      'GET /api/v1/products/2 HTTP/1.1',
    ]);
    await service.close();
  });

  it('never sends a request with a body twice: 503 with Retry-After', async () => {
    const service = await closingService();
    const app = express().use(proxyTo(service.url));
    expect((await request(app).get('/api/v1/alerts')).status).toBe(200);
    const post = await request(app).post('/api/v1/alerts').send({ productId: 'ebay:1' });
    expect(post.status).toBe(503);
    expect(post.headers['retry-after']).toBe('2');
    expect(service.requests.filter((line) => line.startsWith('POST'))).toHaveLength(1);
    await service.close();
  });
});
