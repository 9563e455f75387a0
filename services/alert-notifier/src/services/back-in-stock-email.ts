import { escapeHtml, formatPrice, type BackInStockReason } from '@pt/domain';
import type { MailMessage } from '@pt/platform';
import { alertLines, subjectTitle, type PriceDropEmailInput } from './price-drop-email';

/**
 * The back-in-stock email: the listing is available again. It says which kind fired and why (the
 * price it is back at, since when it was gone), with the same links and RFC 8058 one-click
 * unsubscribe headers as the price-drop email; no old → new price or saving, which a listing
 * coming back does not have. The plain-text part says all the html does.
 */
export function backInStockEmail(input: PriceDropEmailInput & { reason: BackInStockReason }): MailMessage {
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const { headline, kind } = alertLines(input);
  const price =
    input.reason.price !== undefined ? formatPrice(input.reason.price, input.currency) : undefined;
  const text = [
    greeting,
    '',
    headline,
    kind,
    '',
    ...(price ? [`Price now: ${price}`, ''] : []),
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
<p>${escapeHtml(headline)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(kind)}</p>
${price ? `<p style="font-size:16px">Price now: <strong>${escapeHtml(price)}</strong></p>\n` : ''}<p><a href="${escapeHtml(input.productPageUrl)}">See the product</a> · <a href="${escapeHtml(input.manageUrl)}">Manage your alerts</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribePageUrl)}">Stop alerts for this product</a> · <a href="${escapeHtml(input.settingsUrl)}">Stop all price emails</a></p>`;
  return {
    to: input.to,
    subject: `Back in stock: ${subjectTitle(input.productTitle)}${price ? ` at ${price}` : ''}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Notification-Id': input.notificationId,
    },
    // A resend after a crash between SMTP's answer and the row's update is the same message.
    idempotencyKey: `back-in-stock.${input.notificationId}`,
  };
}
