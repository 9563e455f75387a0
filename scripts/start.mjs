// `npm start`: build what changed, then run every service and the gateway in one process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./build.mjs');

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'services/all-in-one/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the whole process group; the host shuts itself down cleanly, we wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
