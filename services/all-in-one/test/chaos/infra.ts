import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { eventually, freePortRange } from '@pt/testing';

/**
 * Servers of the chaos tier's own: a PostgreSQL cluster (initdb / pg_ctl) and a redis-server, each
 * on a free port in a temporary directory, so the tests can stop, kill and restart them without
 * touching the machine's shared servers.
 */

/** One free port, below the ephemeral range an outgoing connection could take it from. */
export const freePort = (): Promise<number> => freePortRange(1);

/** Consecutive free ports: shared with the e2e tier's hosts (libs/testing). */
export { freePortRange } from '@pt/testing';

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function which(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Why the chaos tier cannot run here, or undefined when it can. */
export function chaosUnavailableReason(): string | undefined {
  if (process.platform !== 'linux') return 'the chaos tier needs Linux (/proc, pg_ctl)';
  if (!postgresBinDir()) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql';
  if (!which('redis-server')) return 'no redis-server on PATH';
  return undefined;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Postgres refuses to run as root: as root, its commands run as the postgres user. */
function asPostgres(bin: string, args: string[]): string {
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export class OwnPostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('no PostgreSQL binaries');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-chaos-pg-'));
    if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
    asPostgres(path.join(bin, 'initdb'), [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
    ]);
    const pg = new OwnPostgres(await freePort(), dir, bin);
    pg.ctl('start');
    execFileSync(
      path.join(bin, 'psql'),
      ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', '-c', 'CREATE DATABASE chaos_test'],
      {
        stdio: 'ignore',
      },
    );
    return pg;
  }

  get url(): string {
    return this.urlOf('chaos_test');
  }

  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /**
   * One of the cluster's client programs (pg_dump, pg_restore, psql) with `args`, as an operator
   * would run it against the cluster over TCP; throws with its stderr when it fails.
   */
  run(program: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): string {
    try {
      return execFileSync(path.join(this.bin, program), args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`${program} failed: ${stderr || (error as Error).message}`);
    }
  }

  /** pg_ctl start | stop | restart, waiting until it is done (-w). */
  ctl(action: 'start' | 'stop' | 'restart'): void {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c max_connections=200 -c fsync=off`;
    const args = ['-D', path.join(this.dir, 'data'), '-w', '-m', 'fast', '-l', path.join(this.dir, 'log')];
    asPostgres(
      path.join(this.bin, 'pg_ctl'),
      action === 'stop' ? [action, ...args] : [action, ...args, '-o', options],
    );
  }

  async destroy(): Promise<void> {
    try {
      this.ctl('stop');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export class OwnRedis {
  private child?: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), fs.mkdtempSync(path.join(os.tmpdir(), 'pt-chaos-redis-')));
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server; it loads dump.rdb from its directory when one is there. */
  async up(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    await eventually(() => this.ping(), { timeoutMs: 15_000, everyMs: 50, what: 'redis-server to answer' });
  }

  private async ping(): Promise<boolean> {
    const client = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }

  /** Stops it; `keepData` saves the data set first (a restart with its data), else it is lost. */
  async down({ keepData }: { keepData: boolean }): Promise<void> {
    const client = new Redis(this.url, { maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    const exited = new Promise((resolve) => this.child?.once('exit', resolve));
    await client.call('SHUTDOWN', keepData ? 'SAVE' : 'NOSAVE').catch(() => undefined);
    client.disconnect();
    await exited;
    if (!keepData) fs.rmSync(path.join(this.dir, 'dump.rdb'), { force: true });
  }

  async destroy(): Promise<void> {
    if (this.child && this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child?.once('exit', resolve));
      this.child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Node processes started by `parentPid` whose command line contains `scriptPart`. */
export function childPidsRunning(parentPid: number, scriptPart: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parentPid) continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(scriptPart)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/**
 * Sends `start:distributed` a `scale <spec>` line on its stdin (`kill`: SIGKILL the replicas
 * removed) and waits until the runner reports each process's new count.
 */
export async function scaleReplicas(runner: ChildProcess, spec: string, kill = false): Promise<void> {
  const expected = spec.split(',').map((part) => {
    const [name, count] = part.split('=');
    return `[runner] ${name}: ${count} replica(s)`;
  });
  let seen = '';
  const onData = (chunk: Buffer) => (seen += chunk.toString());
  runner.stdout?.on('data', onData);
  try {
    runner.stdin?.write(`scale ${spec}${kill ? ' kill' : ''}\n`);
    await eventually(() => expected.every((line) => seen.includes(line)), {
      timeoutMs: 150_000,
      everyMs: 100,
      what: `scale ${spec}`,
    });
  } finally {
    runner.stdout?.off('data', onData);
  }
}
