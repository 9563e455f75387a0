import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { freePortRange } from '@pt/testing';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * The balancer in a node process of its own (an ES module: jest's runtime cannot load it), its
 * rotation set by a line of ports on stdin, answered `ok`.
 */
const BALANCER = `import readline from 'node:readline';
  import { createBalancer } from './scripts/distributed-balancer.mjs';
  const balancer = createBalancer();
  await balancer.listen(0, '127.0.0.1');
  process.stdout.write(balancer.server.address().port + '\\n');
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    balancer.setTargets(line.split(',').filter(Boolean).map(Number));
    process.stdout.write('ok\\n');
  });`;

function nextLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      child.stdout?.off('data', onData);
      resolve(out.trim());
    };
    child.stdout?.on('data', onData);
  });
}

/** An HTTP server answering its own name, on a free port. */
async function replica(name: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => res.end(name));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request on a fresh connection: the body, or the error code. */
function get(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * The runner's balancer in front of a scaled HTTP service
 * (scripts/distributed-balancer.mjs): round-robin over the replicas, a replica that refuses is
 * skipped, none accepting resets the connection (the gateway's 503), and a change of the rotation
 * applies to the next connection.
 */
describe('start:distributed: the balancer of a scaled service', () => {
  let child: ChildProcess;
  let port: number;
  const replicas: Array<{ port: number; close(): Promise<void> }> = [];

  async function setTargets(ports: number[]): Promise<void> {
    const answered = nextLine(child);
    child.stdin?.write(`${ports.join(',')}\n`);
    expect(await answered).toBe('ok');
  }

  beforeAll(async () => {
    child = spawn(process.execPath, ['--input-type=module', '-e', BALANCER], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    port = Number(await nextLine(child));
    for (const name of ['a', 'b', 'c']) replicas.push(await replica(name));
  });

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    child?.kill();
  });

  it('takes the replicas in turn', async () => {
    await setTargets(replicas.map((r) => r.port));
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get(port));
    expect([...answers].sort()).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
  });

  it('skips a replica that refuses, and resets the connection when none accepts', async () => {
    const gone = await freePortRange(1);
    await setTargets([gone, replicas[1]!.port]);
    for (let i = 0; i < 4; i++) expect(await get(port)).toBe('b');
    await setTargets([gone]);
    expect(await get(port)).toBe('ECONNRESET');
  });

  it('sends new connections to the rotation as changed (a replica scaled in gets none)', async () => {
    await setTargets([replicas[0]!.port, replicas[2]!.port]);
    const answers = new Set<string>();
    for (let i = 0; i < 4; i++) answers.add(await get(port));
    expect([...answers].sort()).toEqual(['a', 'c']);
  });
});
