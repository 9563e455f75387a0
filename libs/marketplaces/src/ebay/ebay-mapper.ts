import { MARKETPLACE_NAMES, auctionSellerRating, isUsableAuctionItem, discountPercent } from '@pt/domain';
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

const amount = lenient(z.object({ value: lenientNumberish, currency: lenientString }));
/** A price eBay may have converted to the site's currency: `convertedFrom*` is the seller's (reference §1). */
const convertibleAmount = lenient(
  z.object({
    value: lenientNumberish,
    currency: lenientString,
    convertedFromValue: lenientNumberish,
    convertedFromCurrency: lenientString,
  }),
);
const image = z.object({ imageUrl: lenientString });

/** What we read of an itemSummary / item (reference §1). Unknown fields are ignored. */
export const ebayItemSchema = z.object({
  itemId: lenientString,
  legacyItemId: lenientString,
  title: lenientString,
  shortDescription: lenientString,
  description: lenientString,
  price: convertibleAmount,
  image: lenient(image),
  additionalImages: lenientArray(image),
  itemWebUrl: lenientString,
  itemAffiliateWebUrl: lenientString,
  seller: lenient(
    z.object({
      username: lenientString,
      feedbackPercentage: lenientNumberish,
      feedbackScore: lenientNumberish,
    }),
  ),
  condition: lenientString,
  conditionId: lenientString,
  shippingOptions: lenientArray(
    z.object({
      shippingCostType: lenientString,
      shippingCost: amount,
      minEstimatedDeliveryDate: lenientString,
      maxEstimatedDeliveryDate: lenientString,
    }),
  ),
  itemLocation: lenient(
    z.object({ city: lenientString, stateOrProvince: lenientString, country: lenientString }),
  ),
  marketingPrice: lenient(z.object({ originalPrice: amount, discountPercentage: lenientNumberish })),
  categories: lenientArray(z.object({ categoryId: lenientString, categoryName: lenientString })),
  categoryPath: lenientString,
  brand: lenientString,
  mpn: lenientString,
  gtin: lenientString,
  epid: lenientString,
  localizedAspects: lenientArray(z.object({ name: z.string(), value: z.string() })),
  estimatedAvailabilities: lenientArray(z.object({ estimatedAvailabilityStatus: lenientString })),
  buyingOptions: lenientArray(z.string()),
});
export type EbayItem = z.output<typeof ebayItemSchema>;

export interface EbayMappingContext {
  /** An affiliate campaign is configured: prefer itemAffiliateWebUrl. */
  affiliate: boolean;
  now: () => number;
}

const AVAILABILITY: Readonly<Record<string, string>> = {
  IN_STOCK: 'in_stock',
  LIMITED_STOCK: 'limited_stock',
  OUT_OF_STOCK: 'out_of_stock',
};

function day(iso: string | undefined): string | undefined {
  return iso && !Number.isNaN(Date.parse(iso)) ? iso.slice(0, 10) : undefined;
}

function shippingOf(item: EbayItem, currency: string): MarketplaceProduct['shipping'] {
  const options = item.shippingOptions ?? [];
  const costs = options
    .map((o) => ({
      cost: o.shippingCost?.value === undefined ? undefined : Number.parseFloat(String(o.shippingCost.value)),
      option: o,
    }))
    .filter(
      (o): o is { cost: number; option: (typeof options)[number] } =>
        o.cost !== undefined && Number.isFinite(o.cost) && o.cost >= 0,
    );
  const cheapest = costs.sort((a, b) => a.cost - b.cost)[0];
  const price = cheapest?.cost ?? 0;
  const from = day(cheapest?.option.minEstimatedDeliveryDate);
  const to = day(cheapest?.option.maxEstimatedDeliveryDate);
  const estimatedDelivery = from && to ? (from === to ? from : `${from} – ${to}`) : (from ?? to);
  const shippingCurrency = cheapest?.option.shippingCost?.currency ?? currency;
  return {
    price,
    formattedPrice: money(price, shippingCurrency).formattedPrice,
    // Without a shipping option eBay does not say; "free" would be a claim we cannot back.
    isFree: cheapest !== undefined && price === 0,
    ...(estimatedDelivery ? { estimatedDelivery } : {}),
  };
}

/** The item's product identifiers (the item endpoint's gtin, mpn, brand, epid), if any. */
function identifiersOf(item: EbayItem): MarketplaceProduct['identifiers'] {
  const identifiers = Object.fromEntries(
    (['gtin', 'mpn', 'brand', 'epid'] as const)
      .map((field) => [field, item[field]?.trim()] as const)
      .filter((entry): entry is readonly [(typeof entry)[0], string] => Boolean(entry[1])),
  );
  return Object.keys(identifiers).length > 0 ? identifiers : undefined;
}

/**
 * One Browse item (summary, full item or getItems entry) as a MarketplaceProduct, §5 and §9:
 * dropped without itemId, title or a positive price; rating = seller feedback % ÷ 20 (default 98);
 * reviewCount = the seller's feedback score (the Browse API has no product reviews).
 */
export function mapEbayItem(raw: unknown, ctx: EbayMappingContext): ProductCheck {
  const parsed = ebayItemSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issues: ['not an object'] };
  const item = parsed.data;
  if (!isUsableAuctionItem({ itemId: item.itemId, title: item.title, price: { value: item.price?.value } })) {
    return { ok: false, issues: ['auction item needs itemId, title and a positive price'] };
  }
  const price = readPrice(item.price?.value) as number;
  const currency = (item.price?.currency ?? '').toUpperCase();
  const originalPrice = readPrice(item.marketingPrice?.originalPrice?.value);
  // eBay quotes a listing of another site in this site's currency and says what it converted from.
  const listedValue = readPrice(item.price?.convertedFromValue);
  const listedCurrency = (item.price?.convertedFromCurrency ?? '').trim().toUpperCase();
  const listingPrice =
    listedValue !== undefined && listedCurrency !== ''
      ? { amount: listedValue, currency: listedCurrency }
      : { amount: price, currency };
  const rating = roundRating(auctionSellerRating(item.seller?.feedbackPercentage));
  const images = imageList([item.image?.imageUrl, ...(item.additionalImages ?? []).map((i) => i.imageUrl)]);
  const shipping = shippingOf(item, currency);
  const categories = [
    ...new Set([
      ...(item.categoryPath ? item.categoryPath.split('|') : []),
      ...(item.categories ?? []).map((c) => c.categoryName ?? c.categoryId ?? ''),
    ]),
  ].filter((c) => c.trim() !== '');
  const specifications: Record<string, string> = {};
  for (const aspect of item.localizedAspects ?? []) specifications[aspect.name] = aspect.value;
  if (item.brand && !specifications.Brand) specifications.Brand = item.brand;
  const location = [item.itemLocation?.city, item.itemLocation?.stateOrProvince, item.itemLocation?.country]
    .filter(Boolean)
    .join(', ');
  const status = item.estimatedAvailabilities?.[0]?.estimatedAvailabilityStatus;
  const url = (ctx.affiliate ? item.itemAffiliateWebUrl : undefined) ?? item.itemWebUrl ?? '';
  const sellerName = item.seller?.username;
  const reviewCount = Number.parseInt(String(item.seller?.feedbackScore ?? '0'), 10);
  const identifiers = identifiersOf(item);

  const product: MarketplaceProduct = {
    id: item.itemId as string,
    title: (item.title as string).trim(),
    description: item.shortDescription ?? item.description ?? '',
    price: money(price, currency),
    listingPrice,
    ...(originalPrice !== undefined ? { originalPrice } : {}),
    currency,
    imageUrl: images[0] as string,
    images,
    url,
    marketplace: 'ebay',
    marketplaceName: MARKETPLACE_NAMES.ebay,
    rating,
    reviewCount: Number.isFinite(reviewCount) ? reviewCount : 0,
    seller: {
      name: sellerName ?? 'eBay seller',
      rating,
      ...(sellerName ? { url: `https://www.ebay.com/usr/${encodeURIComponent(sellerName)}` } : {}),
    },
    shipping,
    freeShipping: shipping.isFree,
    availability: (status && AVAILABILITY[status]) ?? 'in_stock',
    features: [
      item.condition,
      ...(item.buyingOptions ?? []).map((o) => o.replace(/_/g, ' ').toLowerCase()),
    ].filter((f): f is string => typeof f === 'string' && f !== ''),
    specifications,
    categories,
    condition: item.condition ?? 'Unknown',
    ...(location ? { location } : {}),
    lastUpdated: isoNow(ctx.now),
    isSponsored: false,
    ...(identifiers ? { identifiers } : {}),
    ...(discountPercent(price, originalPrice) !== undefined
      ? { discount: discountPercent(price, originalPrice) }
      : {}),
  };
  return checkProduct(product);
}
