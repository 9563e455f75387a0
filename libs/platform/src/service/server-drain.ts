import type http from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_SHUTDOWN_DRAIN_MS } from '../config';

/**
 * A bounded drain for an `http.Server`. `server.close()` alone stops accepting but keeps every
 * keep-alive connection that is busy at that moment: clients that keep sending on it are answered
 * for as long as they like, and the process never exits (3,601 answers over 96 s in the issue).
 *
 * Once draining: every response carries `Connection: close` (on the socket it came on, too),
 * a socket is closed as soon as it has no response in flight, and at the deadline every socket
 * still open is destroyed. Node's own `closeIdleConnections` (which `server.close()` calls) is
 * replaced on the server: it destroys a socket whose response has ended but is not yet flushed,
 * cutting the answer's tail; here a socket counts as idle only after its last response's
 * `finish` (handed to the kernel), and it is ended (FIN after the data), not reset.
 */
class ServerDrain {
  /** Every open socket and the responses in flight on it (pipelined requests make several). */
  private readonly sockets = new Map<Socket, Set<http.ServerResponse>>();
  private draining?: Promise<void>;
  private stopping = false;

  constructor(private readonly server: http.Server) {
    server.on('connection', (socket: Socket) => this.track(socket));
    // Before the application's handler, which may answer at once.
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) =>
      this.onRequest(req.socket, res),
    );
    // server.close() calls this first; the safe version keeps it from cutting an unflushed answer.
    server.closeIdleConnections = () => this.closeIdle();
  }

  drain(drainMs: number): Promise<void> {
    if (this.draining) return this.draining;
    this.stopping = true;
    this.draining = new Promise<void>((resolve) => {
      for (const responses of this.sockets.values())
        for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      const deadline = setTimeout(() => this.destroyAll(), drainMs);
      // Stops listening; the callback comes once every socket is gone (with an error, ignored,
      // when the server was not listening).
      this.server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
    });
    return this.draining;
  }

  private track(socket: Socket): Set<http.ServerResponse> {
    let responses = this.sockets.get(socket);
    if (!responses) {
      const set = new Set<http.ServerResponse>();
      responses = set;
      this.sockets.set(socket, set);
      socket.once('close', () => this.sockets.delete(socket));
      // Accepted just before the listener closed: nothing asked yet, so nothing to wait for.
      if (this.stopping) setImmediate(() => this.endIfIdle(socket));
    }
    return responses;
  }

  private onRequest(socket: Socket, res: http.ServerResponse): void {
    const responses = this.track(socket);
    responses.add(res);
    if (this.stopping) res.setHeader('Connection', 'close');
    const done = () => {
      if (!responses.delete(res)) return;
      // A response that insisted on keep-alive (a header set by the handler) still ends the socket.
      if (this.stopping) this.endIfIdle(socket);
    };
    // 'finish': the last byte is with the kernel; 'close' alone: the answer was aborted.
    res.once('finish', done);
    res.once('close', done);
  }

  private closeIdle(): void {
    for (const socket of this.sockets.keys()) this.endIfIdle(socket);
  }

  /** FIN after what is written; the client closes its side (or the deadline does). */
  private endIfIdle(socket: Socket): void {
    const responses = this.sockets.get(socket);
    if (!responses || responses.size > 0 || socket.destroyed) return;
    if (socket.writable) socket.end();
  }

  private destroyAll(): void {
    for (const socket of this.sockets.keys()) socket.destroy();
    this.server.closeAllConnections();
  }
}

const drains = new WeakMap<http.Server, ServerDrain>();

/** Tracks a server's sockets and responses from now on, so a later drain knows what is in flight. */
export function trackForDrain(server: http.Server): void {
  if (!drains.has(server)) drains.set(server, new ServerDrain(server));
}

/**
 * Stops accepting, answers what is in flight with `Connection: close`, closes idle sockets at
 * once and busy ones as their answers finish, and destroys what is left after `drainMs`. Resolves
 * when the last socket is gone.
 */
export function drainServer(server: http.Server, drainMs = DEFAULT_SHUTDOWN_DRAIN_MS): Promise<void> {
  trackForDrain(server);
  return drains.get(server)!.drain(drainMs);
}
