import { Inject, Injectable } from '@nestjs/common';
import type { ListingAvailabilityChangedPayload, PriceChangedPayload } from '@pt/contracts';
import {
  digestDayOf,
  evaluateAlertOnBasis,
  evaluateBackInStock,
  evaluateGroup,
  listingKeyOf,
  roundMoney,
  type AlertReason,
  type PriceLow,
} from '@pt/domain';
import { CLOCK, LOGGER, type Clock, type Logger, type Queryable } from '@pt/platform';
import { alertsFiredTotal } from '../metrics';
import { AlertMembersRepository } from '../repositories/alert-members.repository';
import { AlertsRepository, type AlertRow } from '../repositories/alerts.repository';
import { ContactsRepository, type ContactRow } from '../repositories/contacts.repository';
import { ListingAvailabilityRepository } from '../repositories/listing-availability.repository';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { ruleOf } from './alert-rule';
import { toCurrency } from './alerts.service';
import { notificationIdOf } from './notification-id';

/** Why a contact gets no price email (spec §3 preference), or undefined when it does. */
export function ineligibility(contact: ContactRow | undefined): string | undefined {
  if (!contact) return 'unknown-user';
  if (contact.deleted) return 'user-deleted';
  if (!contact.email) return 'no-email';
  if (!contact.emailConfirmed) return 'unconfirmed';
  if (!contact.notifications) return 'notifications-off';
  return undefined;
}

/** The event's lows in the alert's currency; undefined when absent or not convertible. */
function lowsIn(change: PriceChangedPayload, currency: string): PriceLow[] | undefined {
  if (!change.lows) return undefined;
  const lows: PriceLow[] = [];
  for (const low of change.lows) {
    const price = toCurrency(low.price, change.currency, currency);
    if (price === undefined) return undefined;
    lows.push({ days: low.days, price, at: low.at });
  }
  return lows;
}

/** An alert that fired, with the prices and threshold its notification row keeps. */
interface FiredAlert {
  alert: AlertRow;
  oldPrice: number;
  newPrice: number;
  targetPrice: number;
  reason: AlertReason | null;
  /** The listing's shipping at the crossing, in the alert's currency; undefined when unknown. */
  shipping?: number;
  /** An any-marketplace crossing's listing (the group's cheapest), when not the alert's own. */
  listing?: { listingKey: string; productId: string; marketplace: string; title: string; url: string | null };
}

/**
 * ARCHITECTURE §6 firing rule, for every alert kind (libs/domain alert-kinds.ts), on each
 * price.changed, in the consumer's transaction: every active alert of the listing is locked, compared in its own currency, and
 * moved to its new side. A crossing adds one notification row, unique per (alert, crossing).
 * Returns the ids of the notifications to email — the caller enqueues them after commit; a digest
 * user's crossing is left for the digest instead.
 */
@Injectable()
export class AlertEvaluationService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly alerts: AlertsRepository,
    private readonly contacts: ContactsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly availability: ListingAvailabilityRepository,
    private readonly members: AlertMembersRepository,
  ) {}

  async onPriceChanged(tx: Queryable, change: PriceChangedPayload): Promise<string[]> {
    const listingKey = listingKeyOf(change.marketplace, change.productId);
    const active = await this.alerts.lockActiveByListing(tx, listingKey);
    const now = this.clock.now();
    const evaluated = [];
    for (const alert of active) {
      const newPrice = toCurrency(change.newPrice, change.currency, alert.currency);
      const oldPrice = toCurrency(change.oldPrice, change.currency, alert.currency);
      if (newPrice === undefined || oldPrice === undefined) {
        this.logger.warn(
          { alertId: alert.id, from: change.currency, to: alert.currency },
          'price change in a currency that cannot be converted; alert not evaluated',
        );
        continue;
      }
      const lows = lowsIn(change, alert.currency);
      // Converted like the price, so item + shipping add up in the alert's currency.
      const converted =
        change.shipping === undefined
          ? undefined
          : toCurrency(change.shipping, change.currency, alert.currency);
      const shipping = converted === undefined ? undefined : roundMoney(converted);
      const result = evaluateAlertOnBasis(
        { armed: alert.armed, rule: ruleOf(alert), basis: alert.basis },
        { price: newPrice, lows, shipping },
      );
      if (!result.fire && result.undecided === 'no-shipping')
        // Shipping unknown (an older producer, a marketplace that did not say): a landed alert
        // cannot tell its landed price, so it keeps its side and waits for the next.
        this.logger.debug(
          { alertId: alert.id },
          'price.changed carries no shipping; landed alert not evaluated',
        );
      if (!result.fire && result.undecided === 'no-history')
        // An event from a producer older than alert kinds (or a listing without history in the
        // window): a lowest-in-N alert cannot tell, so it keeps its side and waits for the next.
        this.logger.debug(
          { alertId: alert.id, kind: alert.kind, days: alert.days, hasLows: change.lows !== undefined },
          "price.changed carries no low for this alert's window; lowest-in-N alert not evaluated",
        );
      evaluated.push({
        alert,
        oldPrice,
        newPrice,
        armed: result.armed,
        fired: result.fire,
        reason: result.fire ? result.reason : null,
        shipping,
      });
    }
    // Set-based: one UPDATE for every alert of the listing, one read of the owners, one INSERT.
    const crossings = await this.alerts.recordEvaluations(
      tx,
      evaluated.map((e) => ({
        id: e.alert.id,
        currentPrice: e.newPrice,
        armed: e.armed,
        fired: e.fired,
        ...(e.shipping !== undefined ? { shipping: e.shipping } : {}),
      })),
      change.currency,
      now,
    );
    const fired = evaluated
      .filter((e) => e.fired)
      .map(({ alert, oldPrice, newPrice, reason, shipping }) => ({
        alert,
        oldPrice,
        newPrice,
        // The threshold that was crossed: a lowest-in-N alert's is the low before this price.
        targetPrice: reason?.kind === 'lowest_in_days' ? reason.previousLow : alert.targetPrice,
        reason,
        ...(shipping !== undefined ? { shipping } : {}),
      }));
    const ids = await this.notify(tx, listingKey, fired, crossings, now);
    const groupIds = await this.evaluateGroups(tx, listingKey, () =>
      this.members.recordPrice(tx, listingKey, {
        price: change.newPrice,
        ...(change.shipping !== undefined ? { shipping: change.shipping } : {}),
        currency: change.currency,
        observedAt: new Date(change.observedAt),
      }),
    );
    return [...ids, ...groupIds];
  }

  /**
   * The any-marketplace alerts the listing is a member of (alert-scope.ts): their rows are locked
   * first (so changes of two members take turns, and the second sees the first's), then the
   * member's new state is recorded and each group's cheapest landed price is compared with the
   * target, once per crossing. A crossing's email names the cheapest listing.
   */
  private async evaluateGroups(
    tx: Queryable,
    listingKey: string,
    record: () => Promise<void>,
  ): Promise<string[]> {
    const locked = await this.alerts.lockActiveByMember(tx, listingKey);
    await record();
    if (locked.length === 0) return [];
    const now = this.clock.now();
    const groups = await this.members.ofAlerts(
      tx,
      locked.map((a) => a.id),
    );
    const fired: FiredAlert[] = [];
    const crossings = new Map<string, number>();
    for (const alert of locked) {
      const group = groups.get(alert.id) ?? [];
      const result = evaluateGroup(
        { armed: alert.armed, targetPrice: alert.targetPrice },
        group,
        alert.currency,
      );
      const cheapest = result.cheapest;
      const counted = await this.alerts.recordEvaluations(
        tx,
        [
          {
            id: alert.id,
            currentPrice: cheapest?.itemPrice ?? alert.currentPrice,
            armed: result.armed,
            fired: result.fire,
            ...(cheapest ? { shipping: cheapest.shipping } : {}),
          },
        ],
        cheapest?.member.currency ?? alert.sourceCurrency ?? alert.currency,
        now,
      );
      for (const [id, n] of counted) crossings.set(id, n);
      if (!result.fire) continue;
      const member = group.find((m) => m.listingKey === result.cheapest.member.listingKey);
      fired.push({
        alert,
        oldPrice: alert.currentPrice,
        newPrice: result.cheapest.itemPrice,
        targetPrice: alert.targetPrice,
        reason: result.reason,
        shipping: result.cheapest.shipping,
        ...(member
          ? {
              listing: {
                listingKey: member.listingKey,
                productId: member.productId,
                marketplace: member.marketplace,
                title: member.title,
                url: member.url,
              },
            }
          : {}),
      });
    }
    return this.notify(tx, listingKey, fired, crossings, now);
  }

  /**
   * listing.availability-changed: the listing's back-in-stock alerts, once per crossing
   * (evaluateBackInStock), in the consumer's transaction like a price change. An event older than
   * the availability already recorded for the listing changes nothing.
   */
  async onAvailabilityChanged(tx: Queryable, change: ListingAvailabilityChangedPayload): Promise<string[]> {
    const listingKey = listingKeyOf(change.marketplace, change.productId);
    const recorded = await this.availability.record(tx, listingKey, change.available, new Date(change.at));
    // A member gone (or back) changes its group's cheapest price: the next one on sale decides.
    const groupIds = await this.evaluateGroups(tx, listingKey, () =>
      this.members.recordAvailability(tx, listingKey, change.available, new Date(change.at)),
    );
    if (!recorded.applied) {
      this.logger.debug(
        { listingKey, at: change.at },
        'availability event older than the one recorded; ignored',
      );
      return groupIds;
    }
    const active = (await this.alerts.lockActiveByListing(tx, listingKey)).filter(
      (a) => a.kind === 'back_in_stock',
    );
    if (active.length === 0) return groupIds;
    const now = this.clock.now();
    const evaluated = active.map((alert) => {
      const price =
        change.price !== undefined && change.currency
          ? toCurrency(change.price, change.currency, alert.currency)
          : undefined;
      const result = evaluateBackInStock(
        { armed: alert.armed },
        {
          available: change.available,
          ...(price !== undefined ? { price } : {}),
          ...(recorded.unavailableSince ? { unavailableSince: recorded.unavailableSince.toISOString() } : {}),
        },
      );
      return { alert, price, result };
    });
    const crossings = await this.alerts.recordEvaluations(
      tx,
      evaluated.map(({ alert, price, result }) => ({
        id: alert.id,
        currentPrice: price ?? alert.currentPrice,
        armed: result.armed,
        fired: result.fire,
      })),
      // The listing's currency: the event's, or (no price) the one its alerts last saw.
      change.currency ?? active[0].sourceCurrency ?? active[0].currency,
      now,
    );
    const fired = evaluated.flatMap(({ alert, price, result }) =>
      result.fire
        ? [
            {
              alert,
              // From the last price seen before it went to the one it is back at.
              oldPrice: alert.currentPrice,
              newPrice: price ?? alert.currentPrice,
              targetPrice: alert.targetPrice,
              reason: result.reason,
            },
          ]
        : [],
    );
    return [...groupIds, ...(await this.notify(tx, listingKey, fired, crossings, now))];
  }

  /**
   * One notification row per fired alert, unique per (alert, crossing): pending for an instant
   * email, left for the digest of a digest user's day, or skipped (and why) for a contact that gets
   * no price email. Returns the ids to email.
   */
  private async notify(
    tx: Queryable,
    listingKey: string,
    fired: FiredAlert[],
    crossings: Map<string, number>,
    now: Date,
  ): Promise<string[]> {
    if (fired.length === 0) return [];
    const contacts = await this.contacts.findMany(
      tx,
      fired.map((e) => e.alert.userId),
    );
    const items = fired.map(({ alert, oldPrice, newPrice, targetPrice, reason, shipping, listing }) => {
      const contact = contacts.get(alert.userId);
      const skip = ineligibility(contact);
      // A digest user's crossing waits for the digest of the local day it falls in.
      const digestDay =
        !skip && contact?.delivery === 'digest'
          ? digestDayOf(now, contact.timeZone, Number(contact.digestHour))
          : undefined;
      alertsFiredTotal.inc({ email: skip ? 'skipped' : digestDay ? 'digest' : 'queued' });
      const crossing = crossings.get(alert.id) ?? alert.crossings + 1;
      return {
        n: {
          id: notificationIdOf(alert.id, crossing),
          alertId: alert.id,
          crossing,
          userId: alert.userId,
          listingKey: listing?.listingKey ?? listingKey,
          productId: listing?.productId ?? alert.productId,
          marketplace: listing?.marketplace ?? alert.marketplace,
          productTitle: listing?.title ?? alert.productTitle,
          // Another marketplace's listing has its own picture; the alert's is the product's.
          productImage: alert.productImage,
          productUrl: listing ? listing.url : alert.productUrl,
          oldPrice,
          newPrice,
          targetPrice,
          currency: alert.currency,
          createdAt: now,
          kind: alert.kind,
          reason,
          basis: alert.basis,
          shipping: shipping ?? null,
        },
        status: skip ? ('skipped' as const) : digestDay ? ('digest' as const) : ('pending' as const),
        ...(skip ? { skipReason: skip } : {}),
        ...(digestDay ? { digestDay } : {}),
      };
    });
    return this.notifications.insertManyOnce(tx, items);
  }
}
