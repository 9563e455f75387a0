import { parseEventPayload, Topics, type EventEnvelope } from '@pt/contracts';
import { isCurrencyCode, roundMoney, type MarketplaceId } from '@pt/domain';
import { canonicalProductId } from './product-key';

/** A price.observed that passed every check, with the listing id in its canonical form. */
export interface Observation {
  eventId: string;
  productId: string;
  marketplace: MarketplaceId;
  price: number;
  currency: string;
  observedAt: Date;
  source: 'lookup' | 'poll';
  userId?: string;
  traceparent?: string;
  /** The listing's shipping (0 = free), rounded to cents like the price; absent when unknown. */
  shipping?: number;
}

/** Why an observation went to the DLQ; the label of pricing_observations_rejected_total. */
export type RejectReason =
  'missing_product_id' | 'non_positive_price' | 'unknown_currency' | 'invalid_payload';

export type ObservationCheck =
  { ok: true; observation: Observation } | { ok: false; reason: RejectReason; message: string };

/**
 * A missing product id, a non-positive price or an unknown currency are named
 * as such (they are the producer bugs worth alerting on); anything else failing the contract
 * schema is `invalid_payload` with zod's message.
 */
export function checkObservation(envelope: EventEnvelope): ObservationCheck {
  const raw = (
    typeof envelope.payload === 'object' && envelope.payload !== null ? envelope.payload : {}
  ) as Record<string, unknown>;
  if (typeof raw.productId !== 'string' || raw.productId.trim() === '') {
    return { ok: false, reason: 'missing_product_id', message: 'price.observed without a product id' };
  }
  if (typeof raw.price === 'number' && !(raw.price > 0)) {
    return {
      ok: false,
      reason: 'non_positive_price',
      message: `price.observed with a non-positive price (${raw.price})`,
    };
  }
  if (typeof raw.currency === 'string' && !isCurrencyCode(raw.currency)) {
    return {
      ok: false,
      reason: 'unknown_currency',
      message: `price.observed with an unknown currency (${raw.currency.slice(0, 12)})`,
    };
  }
  const parsed = parseEventPayload(Topics.priceObserved, envelope);
  if (!parsed.success) return { ok: false, reason: 'invalid_payload', message: parsed.error };
  const p = parsed.envelope.payload;
  const productId = canonicalProductId(p.marketplace, p.productId);
  const price = roundMoney(p.price);
  if (!(price > 0))
    return {
      ok: false,
      reason: 'non_positive_price',
      message: `price.observed with a price that rounds to 0.00 (${p.price})`,
    };
  if (productId === '')
    return {
      ok: false,
      reason: 'missing_product_id',
      message: `price.observed with an unusable product id (${p.productId.slice(0, 100)})`,
    };
  return {
    ok: true,
    observation: {
      eventId: envelope.id,
      productId,
      marketplace: p.marketplace,
      // numeric(12,2) stores cents: compare what will be stored, not the float that arrived.
      price,
      currency: p.currency,
      observedAt: new Date(p.observedAt),
      source: p.source,
      ...(p.userId ? { userId: p.userId } : {}),
      ...(p.shipping !== undefined ? { shipping: roundMoney(p.shipping) } : {}),
      ...(envelope.traceparent ? { traceparent: envelope.traceparent } : {}),
    },
  };
}
