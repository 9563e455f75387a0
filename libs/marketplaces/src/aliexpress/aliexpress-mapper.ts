import {
  DEFAULT_SHIPPING_ESTIMATE,
  MARKETPLACE_NAMES,
  crossBorderRating,
  isUsableCrossBorderProduct,
  parseAmount,
  reasonableShippingCost,
  discountPercent,
} from '@pt/domain';
import { z } from 'zod';
import {
  imageList,
  roundRating,
  isoNow,
  lenient,
  lenientArray,
  lenientNumberish,
  lenientString,
  money,
  readPrice,
} from '../mapping';
import { checkProduct, type MarketplaceProduct, type ProductCheck } from '../product';

/** Ids in our MarketplaceProducts: the §2 cross-border prefix plus the AliExpress product id. */
export const ALIEXPRESS_ID_PREFIX = 'aliexpress_';

const wrappedStrings = lenient(z.object({ string: lenientArray(z.string()) }));

/** What we read of an affiliate product record (reference §2). */
export const aliexpressProductSchema = z.object({
  product_id: lenientNumberish,
  product_title: lenientString,
  target_sale_price: lenientNumberish,
  target_sale_price_currency: lenientString,
  target_original_price: lenientNumberish,
  target_original_price_currency: lenientString,
  sale_price: lenientNumberish,
  sale_price_currency: lenientString,
  original_price: lenientNumberish,
  original_price_currency: lenientString,
  discount: lenientNumberish,
  product_main_image_url: lenientString,
  product_small_image_urls: wrappedStrings,
  product_detail_url: lenientString,
  promotion_link: lenientString,
  evaluate_rate: lenientNumberish,
  lastest_volume: lenientNumberish,
  shop_id: lenientNumberish,
  shop_url: lenientString,
  shop_name: lenientString,
  first_level_category_name: lenientString,
  second_level_category_name: lenientString,
  product_video_url: lenientString,
  /**
   * Not in the reference's affiliate fields: some responses (and our demo server) carry a shipping
   * fee and alternative options. Read when present so the §5 shipping rule can apply.
   */
  shipping_fee: lenientNumberish,
  shipping_options: lenient(
    z.object({
      shipping_option: lenientArray(
        z.object({ shipping_fee: lenientNumberish, delivery_days: lenientNumberish }),
      ),
    }),
  ),
  ship_to_days: lenientNumberish,
});
export type AliExpressProduct = z.output<typeof aliexpressProductSchema>;

export interface AliExpressMappingContext {
  /** A tracking id is configured: the product url is the promotion_link. */
  affiliate: boolean;
  now: () => number;
}

function nonNegative(value: unknown): number | undefined {
  const n = parseAmount(value);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** §5, §9: the fee, replaced when over 100 by the cheapest alternative costing 50 or less. */
function shippingOf(product: AliExpressProduct, currency: string): MarketplaceProduct['shipping'] {
  const fee = nonNegative(product.shipping_fee);
  const alternatives = (product.shipping_options?.shipping_option ?? [])
    .map((o) => nonNegative(o.shipping_fee))
    .filter((n): n is number => n !== undefined);
  const price = fee === undefined ? 0 : Math.round(reasonableShippingCost(fee, alternatives) * 100) / 100;
  const days = parseAmount(product.ship_to_days);
  return {
    price,
    formattedPrice: money(price, currency).formattedPrice,
    isFree: fee !== undefined && price === 0,
    estimatedDelivery:
      days !== undefined && days > 0 ? `${Math.round(days)} days` : DEFAULT_SHIPPING_ESTIMATE,
  };
}

/**
 * One affiliate product record as a MarketplaceProduct, §5 and §9: discarded without id or title;
 * rating = evaluate rate ÷ 20 (4.2 without one); reviewCount = recent sales (lastest_volume), the
 * only volume figure the affiliate API gives.
 */
export function mapAliExpressProduct(raw: unknown, ctx: AliExpressMappingContext): ProductCheck {
  const parsed = aliexpressProductSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issues: ['not an object'] };
  const p = parsed.data;
  if (!isUsableCrossBorderProduct({ product_id: p.product_id, product_title: p.product_title })) {
    return { ok: false, issues: ['cross-border product needs product_id and product_title'] };
  }
  const useTarget = readPrice(p.target_sale_price) !== undefined;
  const price = readPrice(useTarget ? p.target_sale_price : p.sale_price) ?? 0;
  const currency = ((useTarget ? p.target_sale_price_currency : p.sale_price_currency) ?? '').toUpperCase();
  const originalPrice = readPrice(useTarget ? p.target_original_price : p.original_price);
  // target_* is converted to the asked currency; sale_price is the store's own (reference §2).
  const storePrice = readPrice(p.sale_price);
  const storeCurrency = (p.sale_price_currency ?? '').trim().toUpperCase();
  const listingPrice =
    storePrice !== undefined && storeCurrency !== ''
      ? { amount: storePrice, currency: storeCurrency }
      : { amount: price, currency };
  const rating = roundRating(crossBorderRating(p.evaluate_rate));
  const images = imageList([p.product_main_image_url, ...(p.product_small_image_urls?.string ?? [])]);
  const shipping = shippingOf(p, currency);
  const volume = Math.max(0, Math.floor(parseAmount(p.lastest_volume) ?? 0));
  const productId = String(p.product_id).trim();
  const url = (ctx.affiliate ? p.promotion_link : undefined) ?? p.product_detail_url ?? '';
  const categories = [p.first_level_category_name, p.second_level_category_name].filter((c): c is string =>
    Boolean(c && c.trim()),
  );
  const listedDiscount = parseAmount(
    typeof p.discount === 'string' ? p.discount.replace('%', '') : p.discount,
  );
  const discount =
    discountPercent(price, originalPrice) ??
    (listedDiscount !== undefined && listedDiscount > 0 && listedDiscount < 100 ? listedDiscount : undefined);
  const shopId = p.shop_id === undefined ? undefined : String(p.shop_id);

  const product: MarketplaceProduct = {
    id: `${ALIEXPRESS_ID_PREFIX}${productId}`,
    title: (p.product_title as string).trim(),
    description: '',
    price: money(price, currency),
    listingPrice,
    ...(originalPrice !== undefined ? { originalPrice } : {}),
    currency,
    imageUrl: images[0] as string,
    images,
    url,
    marketplace: 'aliexpress',
    marketplaceName: MARKETPLACE_NAMES.aliexpress,
    rating,
    reviewCount: volume,
    seller: {
      name: p.shop_name ?? (shopId ? `AliExpress store ${shopId}` : 'AliExpress store'),
      rating,
      ...(p.shop_url ? { url: p.shop_url } : {}),
    },
    shipping,
    freeShipping: shipping.isFree,
    availability: 'in_stock',
    features: volume > 0 ? [`${volume} sold recently`] : [],
    specifications: categories[0] ? { Category: categories[0] } : {},
    categories,
    condition: 'New',
    lastUpdated: isoNow(ctx.now),
    isSponsored: false,
    ...(discount !== undefined ? { discount } : {}),
  };
  return checkProduct(product);
}
