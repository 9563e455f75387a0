import { z } from 'zod';

/** Rates per 1 USD (USD itself included), as the domain's conversion takes them. */
export interface RatesSnapshot {
  ratesPerUsd: Record<string, number>;
  fetchedAt: Date;
}

const frankfurterBody = z.object({
  base: z.string().regex(/^[A-Z]{3}$/),
  date: z.string().optional(),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().finite().positive()),
});

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * A Frankfurter-shaped rates API (reference §3): `GET {baseUrl}/latest?base=USD` answers
 * `{ amount, base, date, rates: { EUR: 0.92, … } }` without the base in `rates`. A provider that
 * ignores `base` is rebased through its USD rate. Throws on anything else.
 */
export async function fetchFrankfurterRates(
  baseUrl: string,
  { fetch, timeoutMs, now }: { fetch: FetchLike; timeoutMs: number; now: () => Date },
): Promise<RatesSnapshot> {
  const url = `${baseUrl.replace(/\/+$/, '')}/latest?base=USD`;
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`rates provider answered ${response.status}`);
  const body = frankfurterBody.parse(await response.json());
  const rates: Record<string, number> = { ...body.rates, [body.base]: 1 };
  const usd = rates.USD;
  if (usd === undefined) throw new Error('rates provider gave no USD rate');
  const ratesPerUsd = Object.fromEntries(Object.entries(rates).map(([code, rate]) => [code, rate / usd]));
  return { ratesPerUsd, fetchedAt: now() };
}
