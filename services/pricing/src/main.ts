import './instrumentation';
import { runServiceProcess } from '@pt/platform';
import { pricingService } from './index';

runServiceProcess(pricingService).catch((error: unknown) => {
  process.stderr.write(
    `pricing failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
