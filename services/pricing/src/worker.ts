import './instrumentation';
import { createRuntime, loadConfig, onShutdown, serviceEnvSchema, withServiceEnv } from '@pt/platform';
import { pricingService } from './index';
import { startPricingWorker } from './worker-process';

/** worker.js: the pollers alone (distributed mode). Scale it on queue length (k8s KEDA). */
async function main(): Promise<void> {
  loadConfig(withServiceEnv(serviceEnvSchema, [pricingService]));
  const env = loadConfig(serviceEnvSchema);
  const runtime = await createRuntime(env, 'pricing-worker');
  const worker = await startPricingWorker(runtime, env.PORT);
  onShutdown(runtime.logger, async () => {
    await worker.close();
    await runtime.close();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `pricing worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
