import http from 'node:http';
import { boundPort, closeServer, listen } from '@pt/platform';
import { eventually } from '@pt/testing';

/**
 * A SIGTERM under keep-alive load never finished — `server.close()` refuses new
 * connections but keeps answering on the open ones for as long as their clients keep asking.
 * `closeServer` now drains within a bound: answers in flight complete (with `Connection: close`),
 * idle sockets close at once, busy ones as their answers finish, the rest at the deadline.
 */
const DRAIN_MS = 3_000;
/** Scheduling slack on a loaded two-core machine. */
const SLACK_MS = 1_500;

interface Outcome {
  kind: 'complete' | 'cut' | 'refused';
  path: string;
  sentAt: number;
  endedAt: number;
  connection?: string;
  detail?: string;
}

/** Responses whose reading a test holds back (`pauseFirst`), to resume or destroy later. */
const pausedResponses: http.IncomingMessage[] = [];

/**
 * One GET on a keep-alive agent, sorted: `complete` (the whole body, as long as the server said),
 * `cut` (the answer began but did not arrive whole) or `refused` (no answer began: connection
 * refused, or a reused socket closed before the request reached the server).
 */
function get(port: number, path: string, agent: http.Agent, { pauseFirst = false } = {}): Promise<Outcome> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (o: Omit<Outcome, 'path' | 'sentAt' | 'endedAt'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, path, sentAt, endedAt: Date.now() });
    };
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      const expected = Number(res.headers['x-body-length']);
      const connection = res.headers.connection;
      let received = 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      res.on('end', () =>
        settle(
          received === expected
            ? { kind: 'complete', connection }
            : { kind: 'cut', connection, detail: `${received} of ${expected} bytes` },
        ),
      );
      res.on('aborted', () => settle({ kind: 'cut', connection, detail: 'aborted' }));
      res.on('error', (e) => settle({ kind: 'cut', connection, detail: e.message }));
      res.on('close', () =>
        settle(
          res.complete && received === expected
            ? { kind: 'complete', connection }
            : { kind: 'cut', connection, detail: `closed after ${received} of ${expected} bytes` },
        ),
      );
      if (pauseFirst) {
        res.pause();
        pausedResponses.push(res);
      }
    });
    req.on('error', (e: NodeJS.ErrnoException) => settle({ kind: 'refused', detail: e.code ?? e.message }));
  });
}

/** Answers `/fast` at once and `/slow` in five chunks 40 ms apart; tells each body's length. */
function handler(inFlight: Set<http.ServerResponse>): http.RequestListener {
  return (req, res) => {
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
    const chunk = Buffer.alloc(8 * 1024, 'x');
    if (req.url === '/slow') {
      res.setHeader('X-Body-Length', String(chunk.length * 5));
      let sent = 0;
      const next = () => {
        if (res.destroyed) return;
        res.write(chunk);
        if (++sent === 5) res.end();
        else setTimeout(next, 40);
      };
      next();
    } else if (req.url === '/big') {
      const body = Buffer.alloc(16 * 1024 * 1024, 'y');
      res.setHeader('X-Body-Length', String(body.length));
      res.end(body);
    } else if (req.url === '/never') {
      res.setHeader('X-Body-Length', '1000000');
      res.write('started');
    } else {
      res.setHeader('X-Body-Length', String(chunk.length));
      res.end(chunk);
    }
  };
}

/** Clients that each keep one keep-alive socket busy, asking again as soon as they are answered. */
class KeepAliveLoad {
  readonly outcomes: Outcome[] = [];
  private readonly agents: http.Agent[];
  private readonly loops: Promise<void>[];
  private running = true;

  constructor(port: number, clients: number) {
    this.agents = Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    this.loops = this.agents.map(async (agent, i) => {
      for (let n = 0; this.running; n++) {
        // Every other request of every other client is slow, so answers are in flight at any time.
        const outcome = await get(port, (i + n) % 2 === 0 ? '/slow' : '/fast', agent);
        this.outcomes.push(outcome);
        // A client that is refused gives up (it would try another replica).
        if (outcome.kind === 'refused') return;
      }
    });
  }

  count(kind: Outcome['kind']): number {
    return this.outcomes.filter((o) => o.kind === kind).length;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    for (const agent of this.agents) agent.destroy();
  }
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), ms))),
  ]).finally(() => clearTimeout(timer));
};

describe('closeServer (bounded drain)', () => {
  let server: http.Server | undefined;
  let load: KeepAliveLoad | undefined;

  afterEach(async () => {
    await load?.stop();
    load = undefined;
    for (const res of pausedResponses.splice(0)) res.destroy();
    server?.closeAllConnections();
    server?.close();
    server = undefined;
  });

  it('stops under steady keep-alive load within the drain; answers in flight arrive whole, later requests are refused', async () => {
    const inFlight = new Set<http.ServerResponse>();
    server = await listen(handler(inFlight), 0, '127.0.0.1');
    const port = boundPort(server);
    load = new KeepAliveLoad(port, 6);
    // Every client on its reused socket, and slow answers on their way.
    await eventually(() => load!.count('complete') >= 30 && inFlight.size >= 2, {
      timeoutMs: 20_000,
      what: 'keep-alive load with answers in flight',
    });
    const stopAt = Date.now();
    const result = await within(
      closeServer(server, DRAIN_MS).then(() => 'closed' as const),
      DRAIN_MS + SLACK_MS,
    );
    const closedAt = Date.now();
    expect(result).toBe('closed');
    expect(closedAt - stopAt).toBeLessThan(DRAIN_MS + SLACK_MS);
    await load.stop();

    const { outcomes } = load;
    expect(outcomes.filter((o) => o.kind === 'cut')).toEqual([]);
    // The answers that began before the stop and ended after it: whole (above), and there were some.
    expect(outcomes.filter((o) => o.kind === 'complete' && o.endedAt >= stopAt).length).toBeGreaterThan(0);
    // A request sent once the stop had begun was answered with Connection: close, or refused.
    for (const o of outcomes.filter((x) => x.kind === 'complete' && x.sentAt > stopAt))
      expect({ path: o.path, connection: o.connection }).toEqual({ path: o.path, connection: 'close' });
    // Nothing answered after the server said it was closed.
    expect(outcomes.filter((o) => o.kind === 'complete' && o.endedAt > closedAt)).toEqual([]);
    const late = await get(port, '/fast', new http.Agent({ keepAlive: true }));
    expect({ kind: late.kind, detail: late.detail }).toEqual({ kind: 'refused', detail: 'ECONNREFUSED' });
  }, 40_000);

  it('closes what is still open at the deadline: an answer that never ends does not hold the stop', async () => {
    const inFlight = new Set<http.ServerResponse>();
    server = await listen(handler(inFlight), 0, '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true });
    const never = get(boundPort(server), '/never', agent);
    await eventually(() => inFlight.size === 1, { timeoutMs: 5_000, what: 'the endless answer begun' });
    const stopAt = Date.now();
    const result = await within(
      closeServer(server, 1_000).then(() => 'closed' as const),
      1_000 + SLACK_MS,
    );
    expect(result).toBe('closed');
    expect(Date.now() - stopAt).toBeGreaterThanOrEqual(900);
    expect((await never).kind).toBe('cut');
    agent.destroy();
  }, 20_000);

  it('does not cut an answer that has ended but is still being sent to a slow reader', async () => {
    const inFlight = new Set<http.ServerResponse>();
    server = await listen(handler(inFlight), 0, '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true });
    // The client reads nothing yet: 16 MB cannot fit in the socket buffers, so the server holds
    // the rest after `end()` — the answer is "finished" for Node but not yet sent.
    const big = get(boundPort(server), '/big', agent, { pauseFirst: true });
    await eventually(() => [...inFlight].some((res) => res.writableEnded) && pausedResponses.length === 1, {
      timeoutMs: 10_000,
      what: 'the big answer ended on the server and waiting for the reader',
    });
    const closed = closeServer(server, 10_000);
    // Let the server act on the stop before the client reads on.
    await new Promise((resolve) => setImmediate(resolve));
    pausedResponses[0]!.resume();
    const outcome = await big;
    expect({ kind: outcome.kind, detail: outcome.detail }).toEqual({ kind: 'complete', detail: undefined });
    expect(
      await within(
        closed.then(() => 'closed' as const),
        5_000,
      ),
    ).toBe('closed');
    agent.destroy();
  }, 30_000);

  it('closes idle keep-alive sockets at once', async () => {
    server = await listen(handler(new Set()), 0, '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(boundPort(server), '/fast', agent)).kind).toBe('complete');
    const stopAt = Date.now();
    expect(
      await within(
        closeServer(server, 10_000).then(() => 'closed' as const),
        5_000,
      ),
    ).toBe('closed');
    expect(Date.now() - stopAt).toBeLessThan(5_000);
    agent.destroy();
  });
});
