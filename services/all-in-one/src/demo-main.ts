import { marketplaceEnvironment } from './demo-marketplaces';

/**
 * The demo marketplaces as a process of their own, for the distributed mode without marketplace
 * credentials. Prints one line, `DEMO_MARKETPLACES_ENV=<json>`, with the variables the catalog
 * and pricing processes need to reach them.
 */
async function main(): Promise<void> {
  const { env, demo, close } = await marketplaceEnvironment(process.env);
  const variables = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) =>
        /^(EBAY|ALIEXPRESS|DEMO_CONTROL)_/.test(name) && value !== undefined && process.env[name] !== value,
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
