import {
  describeAlertReason,
  describeBasisReason,
  escapeHtml,
  formatPrice,
  type AlertBasis,
  type AlertReason,
} from '@pt/domain';
import type { MailMessage } from '@pt/platform';
import { landedLines, saving } from './price-drop-email';

export interface DigestEmailItem {
  productTitle: string;
  oldPrice: number;
  newPrice: number;
  targetPrice: number;
  currency: string;
  productPageUrl: string;
  /** The app's page that asks before turning this one alert off. */
  unsubscribePageUrl: string;
  /** What the alert compared, and the listing's shipping at the crossing (null = unknown). */
  basis?: AlertBasis;
  shipping?: number | null;
  /** Why it fired; absent on crossings recorded before kinds. */
  reason?: AlertReason | null;
}

export interface DigestEmailInput {
  to: string;
  name?: string | null;
  digestId: string;
  /** The user's local day the digest covers, YYYY-MM-DD. */
  digestDay: string;
  items: readonly DigestEmailItem[];
  manageUrl: string;
  /** Settings: every price email off, or back to instant emails, or another hour. */
  settingsUrl: string;
}

/** "Fri, 27 Nov 2026": the day is a calendar date already, so it is read in UTC. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const oneLine = (title: string) => title.replace(/[\r\n\t]+/g, ' ').trim();

/** The lines an item says, the same words in both parts. */
function itemLines(item: DigestEmailItem) {
  // A listing back in stock has no target or saving: its line says it is back, and at what price.
  if (item.reason?.kind === 'back_in_stock') {
    return {
      title: oneLine(item.productTitle),
      price: `${formatPrice(item.newPrice, item.currency)}`,
      detail: capitalised(describeAlertReason(item.reason, item.currency)),
    };
  }
  const save = saving(item.oldPrice, item.newPrice);
  const { landed } = landedLines(item);
  const on = item.basis === 'landed' ? ' (price with shipping)' : '';
  const saved = `You save ${formatPrice(save.amount, item.currency)} (${save.percent}%)`;
  // A percentage or lowest-in-N alert has no target the shopper chose: say why it fired instead.
  const why =
    item.reason && item.reason.kind !== 'target'
      ? capitalised(describeBasisReason(item.reason, item.currency))
      : undefined;
  return {
    title: oneLine(item.productTitle),
    price: `${formatPrice(item.oldPrice, item.currency)} → ${formatPrice(item.newPrice, item.currency)}`,
    ...(landed ? { landed } : {}),
    detail: why
      ? `${why} · ${saved}`
      : `Your target${on}: ${formatPrice(item.targetPrice, item.currency)} · ${saved}`,
  };
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The daily digest: every alert that fired for the day, each with its title, old → new
 * price, target and saving, a link to the product page and one to stop that alert; then links to
 * manage alerts and to the settings (all emails off, instant emails, another hour). The plain-text
 * part says everything the html does.
 */
export function digestEmail(input: DigestEmailInput): MailMessage {
  const count = input.items.length;
  // "Drops" would misname a listing back in stock (often at the same price).
  const noun = input.items.some((i) => i.reason?.kind === 'back_in_stock') ? 'alert' : 'drop';
  const subject = `${count} price ${noun}${count === 1 ? '' : 's'} today`;
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const intro = `Your daily digest for ${dayText(input.digestDay)}: ${count === 1 ? 'one alert' : `${count} alerts`} fired.`;
  const lines = input.items.map(itemLines);
  const text = [
    greeting,
    '',
    intro,
    '',
    ...input.items.flatMap((item, i) => {
      const l = lines[i]!;
      return [
        `${i + 1}. ${l.title}`,
        `   Price: ${l.price}`,
        ...(l.landed ? [`   ${l.landed}`] : []),
        `   ${l.detail}`,
        `   See the product: ${item.productPageUrl}`,
        `   Stop alerts for this product: ${item.unsubscribePageUrl}`,
        '',
      ];
    }),
    `Manage your alerts: ${input.manageUrl}`,
    `Instant emails, another hour, or stop all price emails: ${input.settingsUrl}`,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ol>
${input.items
  .map((item, i) => {
    const l = lines[i]!;
    return `<li style="margin-bottom:12px"><strong>${escapeHtml(l.title)}</strong><br>
Price: ${escapeHtml(l.price)}<br>
${l.landed ? `${escapeHtml(l.landed)}<br>\n` : ''}${escapeHtml(l.detail)}<br>
<a href="${escapeHtml(item.productPageUrl)}">See the product</a> · <a href="${escapeHtml(item.unsubscribePageUrl)}" style="font-size:12px;color:#666">Stop alerts for this product</a></li>`;
  })
  .join('\n')}
</ol>
<p><a href="${escapeHtml(input.manageUrl)}">Manage your alerts</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.settingsUrl)}">Instant emails, another hour, or stop all price emails</a></p>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      // No one-click target covers every alert of a digest: this opens the settings instead.
      'List-Unsubscribe': `<${input.settingsUrl}>`,
      'X-Digest-Id': input.digestId,
    },
    // A resend after a crash between SMTP's answer and the row's update is the same message.
    idempotencyKey: `digest.${input.digestId}`,
  };
}
