// The image's entrypoint: `node services/all-in-one/dist/entrypoint.js <process>` (deploy/Dockerfile).
// It only picks the file: the process's own main.ts loads its instrumentation first, as when it is
// started directly, so tracing patches http/express/pg before they load.
import path from 'node:path';
import { isProcessName, PROCESSES } from './processes';

const name = process.argv[2] ?? 'all-in-one';
if (!isProcessName(name)) {
  process.stderr.write(`unknown process "${name}"; one of: ${Object.keys(PROCESSES).join(', ')}\n`);
  process.exit(64);
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the chosen entry runs on load
require(path.resolve(__dirname, '..', '..', '..', PROCESSES[name]));
