import './instrumentation';
import { runServiceProcess } from '@pt/platform';
import { catalogService } from './index';

runServiceProcess(catalogService).catch((error: unknown) => {
  process.stderr.write(
    `catalog failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
