import fs from 'node:fs';
import type { DemoMarketplacesOptions } from '@pt/demo-marketplaces';
import { marketplaceEnvironment } from './demo-marketplaces';

/** Written before the change is answered, and whole (rename), so a kill -9 never leaves half a file. */
function writeWhole(file: string, value: unknown): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(value));
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * Where a restarted demo process finds its predecessor's servers and pins: the runner hands back
 * the ports and control token the first start chose (the services were given their URLs once),
 * and a file keeps the admin's price pins, which would otherwise die with the process.
 */
function restartOptions(env: NodeJS.ProcessEnv): Omit<DemoMarketplacesOptions, 'seed'> {
  const port = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const options: Omit<DemoMarketplacesOptions, 'seed'> = {
    port: port('DEMO_EBAY_PORT'),
    aliexpressPort: port('DEMO_ALIEXPRESS_PORT'),
    controlPort: port('DEMO_CONTROL_PORT'),
    controlToken: env.DEMO_CONTROL_TOKEN || undefined,
  };
  const file = env.DEMO_PINS_FILE;
  if (!file) return options;
  if (fs.existsSync(file)) options.pins = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
  options.onPinsChange = (pins) => writeWhole(file, pins);
  // The listings an admin made unavailable, beside the pins.
  const unavailableFile = `${file}.unavailable`;
  if (fs.existsSync(unavailableFile))
    options.unavailable = JSON.parse(fs.readFileSync(unavailableFile, 'utf8')) as string[];
  options.onAvailabilityChange = (keys) => writeWhole(unavailableFile, keys);
  return options;
}

/**
 * The demo marketplaces as a process of their own, for the distributed mode without marketplace
 * credentials. Prints one line, `DEMO_MARKETPLACES_ENV=<json>`, with the variables the catalog
 * and pricing processes need to reach them (and the catalog's longer badge deadline while pricing
 * backfills the demo's history).
 */
async function main(): Promise<void> {
  const { env, demo, close } = await marketplaceEnvironment(process.env, restartOptions(process.env));
  const variables = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) =>
        /^(EBAY_|ALIEXPRESS_|DEMO_CONTROL_|DEMO_IMAGE_ORIGINS$|DEMO_MARKETPLACES$|DEMO_SEED$|CATALOG_BADGE_TIMEOUT_MS$)/.test(
          name,
        ) &&
        value !== undefined &&
        process.env[name] !== value,
    ),
  );
  process.stdout.write(`DEMO_MARKETPLACES_ENV=${JSON.stringify(variables)}\n`);
  if (!demo) return;
  const stop = () => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `demo marketplaces failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
