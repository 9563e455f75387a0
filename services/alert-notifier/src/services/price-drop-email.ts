import { formatPrice, roundMoney } from '@pt/domain';
import type { MailMessage } from '@pt/platform';
import { escapeHtml } from './escape-html';

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
}

/** The saving from the old to the new price, in money and whole percent (never negative). */
export function saving(oldPrice: number, newPrice: number): { amount: number; percent: number } {
  const amount = roundMoney(Math.max(0, oldPrice - newPrice));
  const percent = oldPrice > 0 ? Math.round((amount / oldPrice) * 100) : 0;
  return { amount, percent };
}

/** Titles come from marketplaces: one line, bounded, so a subject cannot be stretched or split. */
const subjectTitle = (title: string): string => {
  const line = title.replace(/[\r\n\t]+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
};

/**
 * The price-drop email: product image and title, old → new price in the alert's
 * currency (§9 formatting: symbol and two decimals), the saving in money and percent, links to the
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
  const text = [
    greeting,
    '',
    `The price of ${input.productTitle} dropped to your target of ${targetText}.`,
    '',
    `Price: ${oldText} → ${newText}`,
    `You save: ${saveText}`,
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
  const html = `<p>${escapeHtml(greeting)}</p>
${image}<h2 style="font-size:18px">${escapeHtml(input.productTitle)}</h2>
<p>The price dropped to your target of ${escapeHtml(targetText)}.</p>
<p style="font-size:16px"><s>${escapeHtml(oldText)}</s> → <strong>${escapeHtml(newText)}</strong></p>
<p>You save <strong>${escapeHtml(saveText)}</strong>.</p>
<p><a href="${escapeHtml(input.productPageUrl)}">See the product</a> · <a href="${escapeHtml(input.manageUrl)}">Manage your alerts</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribePageUrl)}">Stop alerts for this product</a> · <a href="${escapeHtml(input.settingsUrl)}">Stop all price emails</a></p>`;
  return {
    to: input.to,
    subject: `Price drop: ${subjectTitle(input.productTitle)} is now ${newText}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Notification-Id': input.notificationId,
    },
    // A resend after a crash between SMTP's answer and the row's update is the same message.
    idempotencyKey: `price-drop.${input.notificationId}`,
  };
}
