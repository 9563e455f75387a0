import { DemoPinResponseSchema, type DemoPinResponse } from '@pt/contracts';
import { AppError } from '@pt/platform';

/** The demo marketplaces' price pin, as this service reaches it. */
export interface DemoControl {
  /** Pins (price in USD) or unpins (null) a demo listing; undefined when the demo has no such listing. */
  setPrice(productId: string, price: number | null): Promise<DemoPinResponse | undefined>;
}

const TIMEOUT_MS = 5_000;

/**
 * HTTP client of the demo marketplaces' control endpoint (DEMO_CONTROL_URL, with its bearer token).
 * Hosts set the URL only while they run the demo marketplaces; without it every call is a 404, so
 * the route exists only in demo deployments.
 */
export class HttpDemoControl implements DemoControl {
  constructor(private readonly target: () => { url: string; token?: string } | undefined) {}

  async setPrice(productId: string, price: number | null): Promise<DemoPinResponse | undefined> {
    const target = this.target();
    if (!target) throw AppError.notFound('No demo marketplace is running', 'demo_not_running');
    let response: Response;
    try {
      response = await fetch(`${target.url}/demo/v1/products/${encodeURIComponent(productId)}/price`, {
        method: price === null ? 'DELETE' : 'PUT',
        headers: {
          'content-type': 'application/json',
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
        },
        ...(price === null ? {} : { body: JSON.stringify({ price }) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError(502, 'demo_unreachable', 'The demo marketplaces did not answer');
    }
    if (response.status === 404) return undefined;
    if (!response.ok)
      throw new AppError(502, 'demo_unreachable', `The demo marketplaces answered ${response.status}`);
    const parsed = DemoPinResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new AppError(502, 'demo_unreachable', 'The demo marketplaces answered an unexpected body');
    return parsed.data;
  }
}
