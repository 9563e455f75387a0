const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for HTML (an email's HTML part, the tags the gateway puts in a shared list's page), element
 * content or a quoted attribute alike: product titles, names and links come from users and
 * marketplaces and must never become markup.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
