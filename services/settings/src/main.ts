import './instrumentation';
import { runServiceProcess } from '@pt/platform';
import { settingsService } from './index';

runServiceProcess(settingsService).catch((error: unknown) => {
  process.stderr.write(
    `settings failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
