import './instrumentation';
import { runServiceProcess } from '@pt/platform';
import { wishlistService } from './index';

runServiceProcess(wishlistService).catch((error: unknown) => {
  process.stderr.write(
    `wishlist failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
