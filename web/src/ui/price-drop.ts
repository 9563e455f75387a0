/** How far a price is below its earlier one; null when it is not lower (nothing to show). */
export function priceDrop(
  now: number | null | undefined,
  was: number | null | undefined,
): { amount: number; percent: number } | null {
  if (typeof now !== 'number' || typeof was !== 'number') return null;
  if (!Number.isFinite(now) || !Number.isFinite(was) || was <= 0 || now >= was) return null;
  const amount = Math.round((was - now) * 100) / 100;
  return { amount, percent: Math.round((amount / was) * 100) };
}
