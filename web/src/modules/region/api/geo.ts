import { GEOLOCATION_TIMEOUTS_MS } from '@pt/domain';
import type { GeoResponse } from '@pt/contracts';

/**
 * §7: the IP geolocation lookup, through our catalog's /api/v1/geo, which gives the provider 3 s;
 * the browser waits 5 s for that answer. A failure answers null: §4 keeps the default region then.
 */
export async function fetchCountry(signal?: AbortSignal): Promise<string | null> {
  const timeout = AbortSignal.timeout(GEOLOCATION_TIMEOUTS_MS.browser);
  try {
    const res = await fetch('/api/v1/geo', {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<GeoResponse>;
    return body.supported && body.countryCode ? body.countryCode : null;
  } catch {
    return null;
  }
}
