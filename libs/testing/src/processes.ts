import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root (libs/testing/src → ../../..). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface StartedHost {
  child: ChildProcess;
  url: string;
  output(): string;
}

/**
 * Runs `node <args>` from the repository root with only the given environment (no DATABASE_URL or
 * REDIS_URL leaking in from the test run) and resolves with the URL of its ready line.
 */
export function startHostProcess(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<StartedHost> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is ready at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}

export function waitForExit(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
