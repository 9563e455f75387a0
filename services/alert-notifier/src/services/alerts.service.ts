import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  AlertView,
  CreateAlertRequest,
  CreateAlertResponse,
  UpdateAlertRequest,
  WishlistItemAlertChangedPayload,
} from '@pt/contracts';
import {
  convertCurrency,
  defaultAlertTarget,
  initialAlertArmed,
  initialArmedOnBasis,
  initialBackInStockArmed,
  initialGroupArmed,
  listingIdOf,
  listingKeyOf,
  marketplaceFromId,
  productIdProblem,
  roundMoney,
  scopeProblem,
  type AlertBasis,
  type MarketplaceId,
} from '@pt/domain';
import {
  AppError,
  CLOCK,
  DATABASE,
  type Clock,
  type Database,
  type Queryable,
  type VerifiedUser,
} from '@pt/platform';
import { AlertMembersRepository, type NewAlertMember } from '../repositories/alert-members.repository';
import { AlertsRepository, type AlertRow } from '../repositories/alerts.repository';
import { ContactsRepository } from '../repositories/contacts.repository';
import { ListingAvailabilityRepository } from '../repositories/listing-availability.repository';
import { PRODUCT_LOOKUP } from '../tokens';
import { priceOnBasis, ruleChange, ruleOf, sameRule, storedRule, type StoredRule } from './alert-rule';
import { toAlertView } from './alert-view';
import {
  CatalogUnavailableError,
  CatalogUserLimitError,
  type ListingInfo,
  type ProductLookup,
} from './product-lookup.service';
import { trackAlert } from './tracking-events';

/**
 * Alerts one user may keep. The spec sets no limit; every alert makes pricing poll a listing and
 * spend marketplace quota, so an account cannot make it poll without bound.
 */
export const MAX_ALERTS_PER_USER = 200;

/** Converts an amount between currencies with the domain rules; the amount itself when they match or cannot be converted. */
export function toCurrency(amount: number, from: string, to: string): number | undefined {
  if (from === to || !(amount > 0)) return amount;
  const converted = convertCurrency(amount, from, to);
  return converted.ok ? converted.value.convertedAmount : undefined;
}

/** The wait to suggest when the catalog did not say (a refused connection, a timeout). */
const CATALOG_RETRY_AFTER_MS = 5_000;

/**
 * What a catalog that gave no listing means for the person creating an alert:
 * over their own limit there, 429 with its wait; the catalog or a marketplace busy or down, 503
 * with a wait and the catalog's reason. Never "Unknown product": only an answer says that.
 */
export function catalogRefusalError(error: unknown): unknown {
  if (error instanceof CatalogUserLimitError) {
    const { code, message, retryAfterMs } = error.refusal;
    return new AppError(
      429,
      code ?? 'rate_limited',
      message ?? 'Too many requests. Please wait before trying again.',
    ).retryAfter(retryAfterMs ?? CATALOG_RETRY_AFTER_MS);
  }
  if (error instanceof CatalogUnavailableError) {
    const { code, message, retryAfterMs } = error.refusal;
    const wait = retryAfterMs ?? CATALOG_RETRY_AFTER_MS;
    // The marketplaces' own reasons (§8 wording) help the reader; anything else is the catalog's.
    if (code?.startsWith('marketplace_') && message) return new AppError(503, code, message).retryAfter(wait);
    return new AppError(
      503,
      'catalog_unavailable',
      'The product could not be looked up. Please try again.',
    ).retryAfter(wait);
  }
  return error;
}

/**
 * The alerts of signed-in users and of wishlist items. One alert per
 * (user, listing): a new one replaces the earlier (§4). Every change publishes tracking.changed in
 * the same transaction.
 */
@Injectable()
export class AlertsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRODUCT_LOOKUP) private readonly products: ProductLookup,
    private readonly alerts: AlertsRepository,
    private readonly contacts: ContactsRepository,
    private readonly availability: ListingAvailabilityRepository,
    private readonly members: AlertMembersRepository,
  ) {}

  async list(user: VerifiedUser): Promise<AlertView[]> {
    const rows = await this.alerts.listViews(this.db, user.id);
    const groups = await this.members.ofAlerts(
      this.db,
      rows.filter((r) => r.scope === 'any_marketplace').map((r) => r.id),
    );
    return rows.map((row) => toAlertView(row, groups.get(row.id)));
  }

  async create(user: VerifiedUser, body: CreateAlertRequest): Promise<CreateAlertResponse> {
    const problem = productIdProblem(body.productId);
    if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
    // §5 detection reads a bare 10–12 digit id as cross-border although eBay item ids look the
    // same: without a marketplace in the body, such an id is tried on both.
    const guessed = body.marketplace ?? marketplaceFromId(body.productId);
    const candidates: (MarketplaceId | undefined)[] = body.marketplace
      ? [body.marketplace]
      : /^\d+$/.test(body.productId.trim())
        ? [...new Set<MarketplaceId | undefined>([guessed, 'ebay', 'aliexpress'])]
        : [guessed];
    let info: ListingInfo | undefined;
    let found: MarketplaceId | undefined;
    try {
      for (const candidate of candidates) {
        // For this user: the catalog counts the lookup against their own limit and share.
        info = await this.products.lookup(body.productId, candidate, user);
        found = candidate;
        if (info) break;
      }
    } catch (error) {
      throw catalogRefusalError(error);
    }
    if (!info) throw AppError.badRequest('Unknown product', undefined, 'unknown_product');
    const marketplace: MarketplaceId = body.marketplace ?? info.marketplace ?? found ?? 'ebay';
    const currency = body.currency ?? info.currency;
    const currentPrice = toCurrency(info.price, info.currency, currency);
    if (currentPrice === undefined)
      throw AppError.badRequest('Invalid currency codes', undefined, 'invalid_currency');
    const kind = body.kind ?? 'target';
    const scope = body.scope ?? 'listing';
    // A group compares landed prices only (alert-scope.ts): absent basis means landed there.
    const basis = body.basis ?? (scope === 'any_marketplace' ? 'landed' : 'item');
    const shipping =
      info.shipping === undefined ? undefined : toCurrency(info.shipping, info.currency, currency);
    const rule = storedRule({ ...body, kind }, priceOnBasis(kind, basis, currentPrice, shipping));
    const now = this.clock.now();
    const listingKey = listingKeyOf(marketplace, body.productId);
    const group =
      scope === 'any_marketplace'
        ? await this.groupOf(user, body.productId, marketplace, currency, info, listingKey)
        : undefined;
    return this.db.transaction(async (tx) => {
      const others = await this.alerts.countOthers(tx, user.id, listingKey);
      if (others >= MAX_ALERTS_PER_USER)
        throw AppError.conflict(
          `You can keep at most ${MAX_ALERTS_PER_USER} price alerts`,
          'too_many_alerts',
        );
      const { alert, replaced } = await this.replaceAlert(
        tx,
        {
          id: randomUUID(),
          userId: user.id,
          listingKey,
          productId: listingIdOf(marketplace, body.productId),
          marketplace,
          source: 'standalone',
          wishlistId: null,
          // The catalog's, never the client's: both go into the price-drop email.
          productTitle: info.title,
          productImage: info.image ?? null,
          productUrl: info.url ?? null,
          ...rule,
          currentPrice: roundMoney(currentPrice),
          basis,
          currentShipping: shipping === undefined ? null : roundMoney(shipping),
          currency,
          sourceCurrency: info.currency,
          isActive: true,
          browserNotifications: body.browserNotifications ?? false,
          scope,
          // At or below the threshold already: the alert starts met and sends nothing until it re-arms.
          armed: group
            ? initialGroupArmed(Number(rule.targetPrice), group, currency)
            : await this.initialSide(tx, rule, listingKey, { price: currentPrice, basis, shipping }),
          createdAt: now,
        },
        group,
      );
      // Until auth tells us about this user, the verified sign-in address is where mail goes.
      if (user.email) await this.contacts.seedFromSignIn(tx, user.id, user.email, now);
      return { alert: toAlertView(alert, group), replaced };
    });
  }

  async update(user: VerifiedUser, id: string, body: UpdateAlertRequest): Promise<AlertView> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const existing = await this.alerts.findForUser(tx, user.id, id, true);
      if (!existing) throw AppError.notFound('Alert not found');
      const basis = body.basis ?? existing.basis;
      const newBasis = basis !== existing.basis;
      const scopeRefusal = scopeProblem(existing.scope, body.kind ?? existing.kind, basis);
      if (scopeRefusal) throw AppError.badRequest(scopeRefusal, undefined, 'invalid_alert_scope');
      // A percentage alert changing basis measures again from the price on its new basis.
      const change =
        ruleChange(existing, body) ??
        (newBasis
          ? {
              kind: existing.kind,
              percent: existing.percent ?? undefined,
              targetPrice: Number(existing.targetPrice),
              days: existing.days ?? undefined,
            }
          : undefined);
      const currentPrice = Number(existing.currentPrice);
      const shipping = existing.currentShipping;
      const rule = change
        ? storedRule(
            change,
            priceOnBasis(change.kind, basis, currentPrice, shipping),
            change.kind === existing.kind && !newBasis ? existing.basePrice : undefined,
          )
        : existing;
      const isActive = body.isActive ?? existing.isActive;
      // A new rule or basis, or an alert switched back on, takes its side from the last known price.
      const changed = !sameRule(rule, existing) || newBasis;
      const rearm = changed || (isActive && !existing.isActive);
      const armed = !rearm
        ? existing.armed
        : existing.scope === 'any_marketplace'
          ? initialGroupArmed(
              Number(rule.targetPrice),
              (await this.members.ofAlerts(tx, [id])).get(id) ?? [],
              existing.currency,
            )
          : await this.initialSide(tx, rule, existing.listingKey, { price: currentPrice, basis, shipping });
      const updated = await this.alerts.update(
        tx,
        id,
        {
          kind: rule.kind,
          targetPrice: Number(rule.targetPrice),
          percent: rule.percent,
          days: rule.days,
          basePrice: rule.basePrice,
          basis,
          isActive,
          armed,
        },
        now,
      );
      if (isActive !== existing.isActive || changed) await this.track(tx, updated, isActive, now);
      const [view] = await this.alerts.listViews(tx, user.id, id);
      const group =
        updated.scope === 'any_marketplace' ? (await this.members.ofAlerts(tx, [id])).get(id) : undefined;
      return toAlertView(view ?? { ...updated, lastFiredAt: null, lastReason: null }, group);
    });
  }

  async remove(user: VerifiedUser, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const existing = await this.alerts.findForUser(tx, user.id, id, true);
      if (!existing) throw AppError.notFound('Alert not found');
      // Before the delete: the group's rows go with the alert.
      if (existing.isActive) await this.track(tx, existing, false, now);
      await this.alerts.delete(tx, id);
    });
  }

  /** wishlist.item-alert-changed: enabled creates (or replaces) the wishlist alert; disabled removes it. */
  async applyWishlistToggle(tx: Queryable, change: WishlistItemAlertChangedPayload): Promise<void> {
    const now = this.clock.now();
    const listingKey = listingKeyOf(change.marketplace, change.productId);
    if (!change.enabled) {
      const existing = await this.alerts.findWishlistAlert(tx, change.userId, listingKey);
      if (!existing) return;
      if (existing.isActive) await this.track(tx, existing, false, now);
      await this.alerts.delete(tx, existing.id);
      return;
    }
    const currency = change.currency ?? 'USD';
    const currentPrice = change.currentPrice ?? 0;
    const targetPrice = change.targetPrice ?? defaultAlertTarget(currentPrice);
    await this.replaceAlert(tx, {
      id: randomUUID(),
      userId: change.userId,
      listingKey,
      productId: listingIdOf(change.marketplace, change.productId),
      marketplace: change.marketplace,
      source: 'wishlist',
      wishlistId: change.wishlistId,
      productTitle: change.title?.trim() || change.productId,
      productImage: change.imageUrl && /^https?:\/\//i.test(change.imageUrl) ? change.imageUrl : null,
      productUrl: null,
      kind: 'target',
      targetPrice: roundMoney(targetPrice),
      percent: null,
      days: null,
      basePrice: null,
      basis: 'item',
      scope: 'listing',
      currentShipping: null,
      currentPrice: roundMoney(currentPrice),
      currency,
      sourceCurrency: currency,
      isActive: true,
      browserNotifications: false,
      armed: initialAlertArmed(currentPrice, targetPrice),
      createdAt: new Date(change.changedAt),
    });
  }

  /** auth.user-changed "deleted": the user's alerts go, and their listings lose this reason to be polled. */
  async removeAllOf(tx: Queryable, userId: string): Promise<number> {
    const now = this.clock.now();
    for (const alert of await this.alerts.listByUser(tx, userId))
      if (alert.isActive) await this.track(tx, alert, false, now);
    return (await this.alerts.deleteByUser(tx, userId)).length;
  }

  /**
   * A new rule's side: from the price for the price kinds; a back-in-stock alert's from the
   * listing's last reported availability (armed only while it is unavailable).
   */
  private async initialSide(
    tx: Queryable,
    rule: StoredRule,
    listingKey: string,
    at: { price: number; basis: AlertBasis; shipping: number | null | undefined },
  ): Promise<boolean> {
    if (rule.kind === 'back_in_stock')
      return initialBackInStockArmed(await this.availability.find(tx, listingKey));
    return initialArmedOnBasis(ruleOf(rule), at.basis, at.price, at.shipping);
  }

  /** §4: an alert for a listing replaces the user's earlier one for the same listing. */
  private async replaceAlert(
    tx: Queryable,
    alert: Parameters<AlertsRepository['insert']>[1],
    group?: readonly NewAlertMember[],
  ): Promise<{ alert: AlertRow; replaced: boolean }> {
    const now = this.clock.now();
    // Two requests for the same listing at once take turns, so the second replaces the first.
    await this.alerts.lockListing(tx, alert.userId, alert.listingKey);
    const earlier = await this.alerts.findByListing(tx, alert.userId, alert.listingKey);
    if (earlier) {
      if (earlier.isActive) await this.track(tx, earlier, false, now);
      await this.alerts.delete(tx, earlier.id);
    }
    const inserted = await this.alerts.insert(tx, alert);
    if (group) await this.members.insertMany(tx, inserted.id, group, now);
    await this.track(tx, inserted, true, now, group);
    return { alert: inserted, replaced: earlier !== undefined };
  }

  private track(
    tx: Queryable,
    alert: AlertRow,
    tracked: boolean,
    now: Date,
    group?: readonly NewAlertMember[],
  ): Promise<void> {
    return trackAlert(tx, this.members, alert, tracked, now, group);
  }

  /**
   * An any-marketplace alert's group: its own listing, then the catalog's matches on the other
   * marketplaces now. A product with no match is allowed and watches itself: the shopper's line
   * still holds there, and the page offers the scope only where matches exist.
   */
  private async groupOf(
    user: VerifiedUser,
    productId: string,
    marketplace: MarketplaceId,
    currency: string,
    info: ListingInfo,
    listingKey: string,
  ): Promise<NewAlertMember[]> {
    let matches;
    try {
      matches = await this.products.matches(productId, marketplace, currency, user);
    } catch (error) {
      throw catalogRefusalError(error);
    }
    const own: NewAlertMember = {
      listingKey,
      productId: listingIdOf(marketplace, productId),
      marketplace,
      title: info.title,
      url: info.url ?? null,
      price: info.price,
      shipping: info.shipping ?? null,
      currency: info.currency,
      available: true,
    };
    const group = [own];
    for (const m of matches) {
      const key = listingKeyOf(m.marketplace, m.productId);
      if (group.some((g) => g.listingKey === key)) continue;
      group.push({
        listingKey: key,
        productId: listingIdOf(m.marketplace, m.productId),
        marketplace: m.marketplace,
        title: m.title,
        url: m.url ?? null,
        price: m.price,
        shipping: m.shipping,
        currency: m.currency,
        available: true,
      });
    }
    return group;
  }
}
