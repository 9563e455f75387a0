import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePortRange } from './ports';
import { repoRoot, waitForExit } from './processes';

/** start-distributed.mjs's order: the gateway on PORT, these on PORT+1…, the pricing worker last. */
export const DISTRIBUTED_SERVICES = ['auth', 'catalog', 'pricing', 'wishlist', 'alert-notifier', 'settings'];
const PORTS = DISTRIBUTED_SERVICES.length + 2;

export interface DistributedHost {
  /** The gateway, http://127.0.0.1:<base>. */
  url: string;
  /** The gateway's port; service i listens on base + 1 + i. */
  base: number;
  launcher: ChildProcess;
  output(): string;
  /** Sends the runner one line on its stdin, e.g. `scale pricing-worker=3`. */
  command(line: string): void;
  /** The runner's own staged stop (SIGTERM), then SIGKILL of whatever is left of its group. */
  stop(): Promise<void>;
}

/** Process ids in a process group (Linux /proc; field 5 of stat is the group). */
export function processesInGroup(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A zombie has already exited; only its parent's wait is missing.
      if (fields[0] !== 'Z' && Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/**
 * `npm run start:distributed` (every service its own process, real HTTP between them, Postgres,
 * Redis) on a free port range, with only the given environment plus PATH and HOME. `env` may be a
 * function of the gateway's URL (for variables that name it).
 */
export async function startDistributedHost(
  env: Record<string, string> | ((gateway: string) => Record<string, string>),
  readyTimeoutMs = 170_000,
): Promise<DistributedHost> {
  const base = await freePortRange(PORTS);
  const url = `http://127.0.0.1:${base}`;
  const extra = typeof env === 'function' ? env(url) : env;
  const launcher = spawn(process.execPath, ['scripts/start-distributed.mjs'], {
    cwd: repoRoot,
    // Its own process group, so stop() can end every service even if the launcher cannot.
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(base),
      LOG_LEVEL: 'warn',
      START_TIMEOUT_S: String(Math.round(readyTimeoutMs / 1000) - 10),
      ...extra,
    },
    // stdin carries the runner's commands (command()).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // Nine Node processes booting at once on a small, shared machine: tens of seconds when busy.
    const timer = setTimeout(
      () => reject(new Error(`not ready in ${readyTimeoutMs} ms:\n${output}`)),
      readyTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('is ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    launcher.stdout?.on('data', onData);
    launcher.stderr?.on('data', onData);
    launcher.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`start:distributed exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    base,
    launcher,
    output: () => output,
    command(line: string) {
      launcher.stdin?.write(`${line}\n`);
    },
    async stop() {
      const pid = launcher.pid;
      if (pid === undefined) return;
      if (launcher.exitCode === null && launcher.signalCode === null) {
        launcher.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          waitForExit(launcher),
          new Promise((resolve) => (timer = setTimeout(resolve, 20_000))),
        ]);
        clearTimeout(timer);
      }
      // Without /proc (not Linux) the group is killed unless the launcher's own stop succeeded.
      const leftovers = fs.existsSync('/proc') ? processesInGroup(pid).length > 0 : launcher.exitCode !== 0;
      if (leftovers) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // the group emptied meanwhile
        }
      }
    },
  };
}
