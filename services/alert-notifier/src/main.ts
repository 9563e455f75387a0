import './instrumentation';
import { runServiceProcess } from '@pt/platform';
import { alertNotifierService } from './index';

runServiceProcess(alertNotifierService).catch((error: unknown) => {
  process.stderr.write(
    `alert-notifier failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
