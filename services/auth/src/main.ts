import './instrumentation';
import { runServiceProcess } from '@pt/platform';
import { authService } from './index';

runServiceProcess(authService).catch((error: unknown) => {
  process.stderr.write(`auth failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
