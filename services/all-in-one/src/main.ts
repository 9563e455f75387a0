import './instrumentation';
import { loadConfig, onShutdown } from '@pt/platform';
import { embeddedEnvSchema, startEmbedded } from './embedded';

async function main(): Promise<void> {
  const env = loadConfig(embeddedEnvSchema, { LOG_LEVEL: 'warn', ...process.env });
  const host = await startEmbedded(env);
  process.stdout.write(`Price Tracker is ready at ${host.url}\n`);
  onShutdown(host.runtime.logger, () => host.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`Price Tracker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
