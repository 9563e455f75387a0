import net from 'node:net';

/**
 * A TCP forwarder in front of a real server (Postgres, Redis) that a test can cut and restore, to
 * stage an outage of a shared server without touching it: `cut()` drops every connection and
 * refuses new ones, as a stopped server does; `restore()` listens again on the same port.
 */
export class TcpLink {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A link to `target` (a URL such as redis://127.0.0.1:6379), listening on a free port. */
  static async to(target: string): Promise<TcpLink> {
    const url = new URL(target);
    const link = new TcpLink(url.hostname, Number(url.port));
    await link.restore();
    return link;
  }

  /** `target` with its host and port replaced by the link's. */
  url(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async restore(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
