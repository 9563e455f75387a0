import { formatPrice, parseAmount, sanitizeImageUrl, sanitizePrice, PLACEHOLDER_IMAGE_URL } from '@pt/domain';
import { z } from 'zod';

/**
 * Field-level leniency for API records: a field of the wrong type reads as absent instead of
 * failing the whole record; the §5 checks then decide whether what is left is usable.
 */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
export const lenientString = lenient(z.string());
export const lenientNumberish = lenient(z.union([z.string(), z.number()]));
/** An array whose unreadable entries are skipped (not the whole record). */
export function lenientArray<T extends z.ZodType>(item: T) {
  return z
    .unknown()
    .transform((value): Array<z.output<T>> | undefined => {
      if (!Array.isArray(value)) return undefined;
      return value.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
    })
    .optional();
}

export function money(
  amount: number,
  currency: string,
): { amount: number; currency: string; formattedPrice: string } {
  return { amount, currency, formattedPrice: formatPrice(amount, currency) };
}

/** A decimal string or number as a §5-sanitised price, or undefined when it is missing or not positive. */
export function readPrice(value: unknown): number | undefined {
  const n = parseAmount(value);
  if (n === undefined) return undefined;
  const price = sanitizePrice(n);
  return price > 0 ? price : undefined;
}

/**
 * Percent off the original price, rounded to a whole percent; undefined without a real discount.
 * (Local rule: the spec lists `discount` on MarketplaceProduct without defining it — candidate for @pt/domain.)
 */

/** Sanitised, de-duplicated image list; the placeholder only when nothing else is usable. */
export function imageList(urls: ReadonlyArray<string | undefined>): string[] {
  const images = [
    ...new Set(urls.map((u) => sanitizeImageUrl(u)).filter((u) => u !== PLACEHOLDER_IMAGE_URL)),
  ];
  return images.length > 0 ? images : [PLACEHOLDER_IMAGE_URL];
}

export function isoNow(now: () => number): string {
  return new Date(now()).toISOString();
}

/** Ratings to two decimals, so 94.6 % ÷ 20 shows as 4.73 and not 4.7299999999999995. */
export function roundRating(rating: number): number {
  return Math.round(rating * 100) / 100;
}
