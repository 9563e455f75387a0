import {
  describeAlertReason,
  describeBasis,
  describeBasisReason,
  escapeHtml,
  formatPrice,
  landedPrice,
  roundMoney,
  type AlertBasis,
  type BasisReason,
} from '@pt/domain';
import type { MailAttachment, MailMessage } from '@pt/platform';
import { CHART_HEIGHT, CHART_WIDTH, historyChartPng } from './email-chart/history-chart';
import { EMAIL_HISTORY_DAYS, type PriceContext } from './price-context.client';

export interface PriceDropEmailInput {
  to: string;
  name?: string | null;
  notificationId: string;
  productTitle: string;
  productImage?: string | null;
  oldPrice: number;
  newPrice: number;
  targetPrice: number;
  currency: string;
  productPageUrl: string;
  manageUrl: string;
  /** Settings, where every price email can be switched off. */
  settingsUrl: string;
  /** The app's page that asks before turning this alert off (the link people click). */
  unsubscribePageUrl: string;
  /** POST target of the one-click unsubscribe (RFC 8058): what List-Unsubscribe names. */
  unsubscribeUrl: string;
  /** The listing's recent history and badge from pricing; absent when pricing did not answer. */
  history?: PriceContext;
  /** When the email is written: the chart's right edge. */
  now: Date;
  /** Why the alert fired (its alert kind); absent on crossings recorded before kinds: a target. */
  reason?: BasisReason | null;
  /** What the alert compares: item price (the default) or price with shipping. */
  basis?: AlertBasis;
  /** The listing's shipping at the crossing, in `currency` (0 = free); null or absent = unknown. */
  shipping?: number | null;
}

/**
 * The basis line, and item + shipping = landed whenever the shipping was known, whatever the
 * basis: what the shopper pays is worth saying even to an item-price alert. Same words in both parts.
 */
export function landedLines(
  input: Pick<PriceDropEmailInput, 'newPrice' | 'shipping' | 'currency' | 'basis'>,
): { basis: string; landed?: string; total?: number } {
  const basis = `Alert on: ${describeBasis(input.basis ?? 'item').toLowerCase()}`;
  const total = landedPrice(input.newPrice, input.shipping);
  if (total === undefined || input.shipping === null || input.shipping === undefined) return { basis };
  const shipping =
    input.shipping > 0 ? `${formatPrice(input.shipping, input.currency)} shipping` : 'free shipping';
  return {
    basis,
    total,
    landed: `Landed price: ${formatPrice(input.newPrice, input.currency)} + ${shipping} = ${formatPrice(total, input.currency)}`,
  };
}

/** The headline and the "alert kind line": which kind fired and why, the same in text and html. */
export function alertLines(input: PriceDropEmailInput): { headline: string; kind: string } {
  const targetText = formatPrice(input.targetPrice, input.currency);
  const reason = input.reason;
  if (reason?.landed && reason.kind === 'target')
    return {
      headline: `The price of ${input.productTitle} with shipping dropped to your target of ${targetText}.`,
      kind: `Alert: target price ${targetText} on the price with shipping. Why: ${describeBasisReason(reason, input.currency, input.now)} (it fires again only after the price with shipping goes back above it)`,
    };
  if (reason?.landed && reason.kind === 'percent_drop')
    return {
      headline: `The price of ${input.productTitle} with shipping is ${reason.percent}% or more below the price when you set your alert.`,
      kind: `Alert: percentage drop on the price with shipping. Why: ${describeBasisReason(reason, input.currency, input.now)} (it fires again only after the price with shipping goes back above ${formatPrice(reason.threshold, input.currency)})`,
    };
  if (!reason || reason.kind === 'target')
    return {
      headline: `The price of ${input.productTitle} dropped to your target of ${targetText}.`,
      kind: `Alert: target price ${targetText}, crossed on the way down (it fires again only after the price goes back above it)`,
    };
  const why = describeAlertReason(reason, input.currency, input.now);
  if (reason.kind === 'back_in_stock')
    return {
      headline: `${input.productTitle} is back in stock${reason.price !== undefined ? ` at ${formatPrice(reason.price, input.currency)}` : ''}.`,
      kind: `Alert: back in stock. Why: ${why} (it fires again only after the listing is out of stock again)`,
    };
  if (reason.kind === 'percent_drop')
    return {
      headline: `The price of ${input.productTitle} is ${reason.percent}% or more below the price when you set your alert.`,
      kind: `Alert: percentage drop. Why: ${why} (it fires again only after the price goes back above ${formatPrice(reason.threshold, input.currency)})`,
    };
  return {
    headline: `The price of ${input.productTitle} is the lowest in ${reason.days} days.`,
    kind: `Alert: lowest price in ${reason.days} days. Why: ${why} (it fires again only after the price rises above its low)`,
  };
}

/** The chart's Content-ID: the html names it, the attachment carries it. */
const CHART_CID = 'price-history@price-tracker';

/** "3 Oct 2026", the same for every reader (UTC). */
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The history's lines, the same words in the text and the html part. */
function historyLines(
  history: PriceContext | undefined,
  currency: string,
): { badge?: string; range?: string } {
  if (!history) return {};
  const range =
    history.lowest && history.highest
      ? `Last ${EMAIL_HISTORY_DAYS} days: low ${formatPrice(history.lowest.price, currency)} on ${day(history.lowest.date)}, high ${formatPrice(history.highest.price, currency)} on ${day(history.highest.date)}`
      : undefined;
  return {
    ...(history.badge ? { badge: `Good price? ${history.badge}` } : {}),
    ...(range ? { range } : {}),
  };
}

/** The saving from the old to the new price, in money and whole percent (never negative). */
export function saving(oldPrice: number, newPrice: number): { amount: number; percent: number } {
  const amount = roundMoney(Math.max(0, oldPrice - newPrice));
  const percent = oldPrice > 0 ? Math.round((amount / oldPrice) * 100) : 0;
  return { amount, percent };
}

/** Titles come from marketplaces: one line, bounded, so a subject cannot be stretched or split. */
export const subjectTitle = (title: string): string => {
  const line = title.replace(/[\r\n\t]+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
};

/**
 * The price-drop email: product image and title, the kind of alert that fired, old → new price in
 * the alert's currency (§9 formatting: symbol and two decimals), the saving in money and percent,
 * the good-price badge and the last 90 days as a chart (an inline PNG) with their low and high in
 * words (the plain-text part says all of it but the picture), links to the
 * product page and to manage alerts, a page of the app to stop this alert, the email settings,
 * and RFC 8058 one-click unsubscribe headers.
 */
export function priceDropEmail(input: PriceDropEmailInput): MailMessage {
  const oldText = formatPrice(input.oldPrice, input.currency);
  const newText = formatPrice(input.newPrice, input.currency);
  const targetText = formatPrice(input.targetPrice, input.currency);
  const save = saving(input.oldPrice, input.newPrice);
  const saveText = `${formatPrice(save.amount, input.currency)} (${save.percent}%)`;
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const { headline, kind } = alertLines(input);
  const { badge, range } = historyLines(input.history, input.currency);
  const { basis, landed, total } = landedLines(input);
  const chart = input.history ? historyChartPng(input.history.points, input.targetPrice, input.now) : null;
  const text = [
    greeting,
    '',
    headline,
    kind,
    '',
    basis,
    '',
    `Price: ${oldText} → ${newText}`,
    ...(landed ? [landed] : []),
    `You save: ${saveText}`,
    ...(badge ? [badge] : []),
    ...(range ? [range] : []),
    '',
    `See the product: ${input.productPageUrl}`,
    `Manage your alerts: ${input.manageUrl}`,
    '',
    `Stop alerts for this product: ${input.unsubscribePageUrl}`,
    `Stop all price emails: ${input.settingsUrl}`,
  ].join('\n');
  const image =
    input.productImage && /^https?:\/\//i.test(input.productImage)
      ? `<p><img src="${escapeHtml(input.productImage)}" alt="${escapeHtml(input.productTitle)}" width="200" style="max-width:200px;height:auto"></p>\n`
      : '';
  const line =
    input.reason?.kind === 'lowest_in_days'
      ? 'the previous low'
      : input.reason?.kind === 'percent_drop'
        ? `your ${input.reason.percent}% line`
        : 'your target';
  const chartAlt = `Price history, last ${EMAIL_HISTORY_DAYS} days, with ${line} ${targetText} dashed; now ${newText}`;
  const chartHtml = chart
    ? `<p><img src="cid:${CHART_CID}" alt="${escapeHtml(chartAlt)}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" style="max-width:100%;height:auto;border:1px solid #e2e8f0"></p>\n`
    : '';
  const html = `<p>${escapeHtml(greeting)}</p>
${image}<h2 style="font-size:18px">${escapeHtml(input.productTitle)}</h2>
<p>${escapeHtml(headline)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(kind)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(basis)}</p>
<p style="font-size:16px"><s>${escapeHtml(oldText)}</s> → <strong>${escapeHtml(newText)}</strong></p>
${landed ? `<p>${escapeHtml(landed)}</p>\n` : ''}
<p>You save <strong>${escapeHtml(saveText)}</strong>.</p>
${badge ? `<p><strong style="color:#15803d">${escapeHtml(badge)}</strong></p>\n` : ''}${chartHtml}${range ? `<p style="font-size:13px">${escapeHtml(range)}</p>\n` : ''}<p><a href="${escapeHtml(input.productPageUrl)}">See the product</a> · <a href="${escapeHtml(input.manageUrl)}">Manage your alerts</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribePageUrl)}">Stop alerts for this product</a> · <a href="${escapeHtml(input.settingsUrl)}">Stop all price emails</a></p>`;
  const attachments: MailAttachment[] = chart
    ? [{ filename: 'price-history.png', contentType: 'image/png', content: chart, cid: CHART_CID }]
    : [];
  return {
    to: input.to,
    subject:
      input.basis === 'landed' && total !== undefined
        ? `Price drop: ${subjectTitle(input.productTitle)} is now ${formatPrice(total, input.currency)} with shipping`
        : `Price drop: ${subjectTitle(input.productTitle)} is now ${newText}`,
    text,
    html,
    ...(attachments.length ? { attachments } : {}),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Notification-Id': input.notificationId,
    },
    // A resend after a crash between SMTP's answer and the row's update is the same message.
    idempotencyKey: `price-drop.${input.notificationId}`,
  };
}
