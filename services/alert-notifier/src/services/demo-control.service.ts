import {
  DemoAvailabilityResponseSchema,
  DemoPinResponseSchema,
  type DemoAvailabilityResponse,
  type DemoPinResponse,
} from '@pt/contracts';
import { AppError } from '@pt/platform';
import type { z } from 'zod';

/** The demo marketplaces' control (price pin, availability), as this service reaches it. */
export interface DemoControl {
  /** Pins (price in USD) or unpins (null) a demo listing; undefined when the demo has no such listing. */
  setPrice(productId: string, price: number | null): Promise<DemoPinResponse | undefined>;
  /** Makes a demo listing unavailable (gone) or available again; undefined when there is no such listing. */
  setAvailability(productId: string, available: boolean): Promise<DemoAvailabilityResponse | undefined>;
}

const TIMEOUT_MS = 5_000;

/**
 * HTTP client of the demo marketplaces' control endpoint (DEMO_CONTROL_URL, with its bearer token).
 * Hosts set the URL only while they run the demo marketplaces; without it every call is a 404, so
 * the route exists only in demo deployments.
 */
export class HttpDemoControl implements DemoControl {
  constructor(private readonly target: () => { url: string; token?: string } | undefined) {}

  setPrice(productId: string, price: number | null): Promise<DemoPinResponse | undefined> {
    return this.call(
      `${encodeURIComponent(productId)}/price`,
      price === null ? 'DELETE' : 'PUT',
      price === null ? undefined : { price },
      DemoPinResponseSchema,
    );
  }

  setAvailability(productId: string, available: boolean): Promise<DemoAvailabilityResponse | undefined> {
    return this.call(
      `${encodeURIComponent(productId)}/availability`,
      'PUT',
      { available },
      DemoAvailabilityResponseSchema,
    );
  }

  private async call<T>(
    path: string,
    method: 'PUT' | 'DELETE',
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T | undefined> {
    const target = this.target();
    if (!target) throw AppError.notFound('No demo marketplace is running', 'demo_not_running');
    let response: Response;
    try {
      response = await fetch(`${target.url}/demo/v1/products/${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError(502, 'demo_unreachable', 'The demo marketplaces did not answer');
    }
    if (response.status === 404) return undefined;
    if (!response.ok)
      throw new AppError(502, 'demo_unreachable', `The demo marketplaces answered ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new AppError(502, 'demo_unreachable', 'The demo marketplaces answered an unexpected body');
    return parsed.data;
  }
}
