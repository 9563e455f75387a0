import './instrumentation';
import { loadConfig, onShutdown, withServiceEnv } from '@pt/platform';
import { embeddedEnvSchema, SERVICES, startEmbedded } from './embedded';

async function main(): Promise<void> {
  const rawEnv = { LOG_LEVEL: 'warn', ...process.env };
  // Every hosted service's variables are checked here, before anything starts.
  loadConfig(withServiceEnv(embeddedEnvSchema, SERVICES), rawEnv);
  const env = loadConfig(embeddedEnvSchema, rawEnv);
  const host = await startEmbedded(env, rawEnv);
  process.stdout.write(`Price Tracker is ready at ${host.url}\n`);
  onShutdown(host.runtime.logger, () => host.close());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Price Tracker failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
