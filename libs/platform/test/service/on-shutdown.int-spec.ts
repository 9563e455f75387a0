import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eventually, repoRoot, waitForExit } from '@pt/testing';

/**
 * Ctrl-C of `start:distributed` reaches every child twice — SIGINT from the
 * terminal, then the runner's SIGTERM — and the second signal used to exit at once, cutting the
 * drain short. Only a second SIGINT (a person pressing Ctrl-C again) cuts it now. The process
 * runs the built `onShutdown` (`libs/platform/dist`, as the services do).
 */
const CHILD = `
const { onShutdown, createLogger } = require(${JSON.stringify(path.join(repoRoot, 'libs/platform/dist/index.js'))});
onShutdown(createLogger({ service: 'on-shutdown-test', level: 'silent' }), async () => {
  process.stdout.write('stopping\\n');
  // The stop ends when the test says so (a line on stdin), like a drain that takes its time.
  await new Promise((resolve) => process.stdin.once('data', resolve));
});
// After onShutdown's own handler: says the SIGTERM was handled and the process is still here.
process.on('SIGTERM', () => process.stdout.write('sigterm handled\\n'));
setInterval(() => undefined, 1000);
process.stdout.write('ready\\n');
`;

function start(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

describe('onShutdown', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('a SIGTERM after the SIGINT does not cut the stop short: it ends when the shutdown does (code 0)', async () => {
    const { child, output } = start();
    children.push(child);
    await eventually(() => output().includes('ready'), { what: 'the child ready' });
    child.kill('SIGINT');
    await eventually(() => output().includes('stopping'), { what: 'the stop begun' });
    child.kill('SIGTERM');
    await eventually(() => output().includes('sigterm handled') || child.exitCode !== null, {
      what: 'the SIGTERM handled',
    });
    child.stdin?.write('go\n');
    expect((await waitForExit(child)).code).toBe(0);
  });

  it('a second Ctrl-C exits at once (130)', async () => {
    const { child, output } = start();
    children.push(child);
    await eventually(() => output().includes('ready'), { what: 'the child ready' });
    child.kill('SIGINT');
    await eventually(() => output().includes('stopping'), { what: 'the stop begun' });
    child.kill('SIGINT');
    expect((await waitForExit(child)).code).toBe(130);
  });
});
