import type { AddressInfo } from 'node:net';
import { closeServer, listen, startService } from '@pt/platform';
import { pricingService } from '@pt/pricing';
import type { CatalogHost } from './catalog-host';

export interface PricingBeside {
  /** The address the catalog was pointed at (PRICING_URL). */
  url: string;
  close(): Promise<void>;
}

/**
 * Pricing on the catalog host's runtime and database, reached over HTTP as in the distributed
 * mode, with the catalog pointed at it. `seen` hears each request's path first (a test counting
 * the catalog's calls).
 */
export async function startPricingBeside(
  host: CatalogHost,
  seen?: (url: string) => void,
): Promise<PricingBeside> {
  const pricing = await startService(pricingService, host.runtime);
  const server = await listen((req, res) => {
    seen?.(req.url ?? '');
    pricing.express(req, res);
  }, 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.runtime.rawEnv.PRICING_URL = url;
  return {
    url,
    async close() {
      await closeServer(server, 1000);
      await pricing.close();
    },
  };
}
