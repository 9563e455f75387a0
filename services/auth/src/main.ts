import './instrumentation';
import { loadConfig, runServiceProcess } from '@pt/platform';
import { authEnvSchema } from './config';
import { authService } from './index';

// Fail fast on the auth variables too, naming each bad one, before anything starts.
loadConfig(authEnvSchema);
runServiceProcess(authService).catch((error: unknown) => {
  process.stderr.write(`auth failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
