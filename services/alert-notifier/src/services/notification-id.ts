import { createHash } from 'node:crypto';

/**
 * The id of the notification of an alert's n-th crossing: a function of the two, so a crossing
 * evaluated again gets the same id, and its email the same Message-ID (`price-drop.<id>`). That is
 * what happens after a restore: a crossing mailed after the backup was taken is
 * not in the restored database, its price.changed is relayed again from the restored outbox, and
 * the mail sent again is one mail clients already have. A UUID (version 8, RFC 9562) for the
 * column's type.
 */
export function notificationIdOf(alertId: string, crossing: number): string {
  const hex = createHash('sha256').update(`price-drop notification v1:${alertId}:${crossing}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
