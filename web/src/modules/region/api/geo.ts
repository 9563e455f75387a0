import { GEOLOCATION_TIMEOUTS_MS } from '@pt/domain';
import { apiRead } from '../../../lib/api';

/**
 * §7: the IP geolocation lookup, through our catalog's /api/v1/geo, which gives the provider 3 s;
 * the browser waits 5 s for that answer. A failure answers null: §4 keeps the default region then.
 */
export async function fetchCountry(signal?: AbortSignal): Promise<string | null> {
  const timeout = AbortSignal.timeout(GEOLOCATION_TIMEOUTS_MS.browser);
  try {
    const body = await apiRead('GET /api/v1/geo', '/api/v1/geo', {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return body.supported && body.countryCode ? body.countryCode : null;
  } catch {
    return null;
  }
}
