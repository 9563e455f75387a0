import { escapeXml } from './escape-xml';

export interface AtomEntry {
  /** A stable URI: feed readers tell new entries from seen ones by it. */
  id: string;
  title: string;
  summary: string;
  link: string;
  updated: Date;
  category: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  selfUrl: string;
  alternateUrl: string;
  /** When the feed last changed: its newest entry, or when it was turned on. */
  updated: Date;
  entries: AtomEntry[];
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const link = (rel: string, href: string, type: string) =>
  `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;

/** An Atom 1.0 document (RFC 4287); every text and URL is escaped, none is trusted as markup. */
export function renderAtom(feed: AtomFeed): string {
  const entries = feed.entries.map((e) =>
    [
      '<entry>',
      element('id', e.id),
      element('title', e.title),
      link('alternate', e.link, 'text/html'),
      element('updated', e.updated.toISOString()),
      element('published', e.updated.toISOString()),
      `<category term="${escapeXml(e.category)}"/>`,
      `<summary type="text">${escapeXml(e.summary)}</summary>`,
      '</entry>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element('id', feed.id),
    element('title', feed.title),
    link('self', feed.selfUrl, 'application/atom+xml'),
    link('alternate', feed.alternateUrl, 'text/html'),
    element('updated', feed.updated.toISOString()),
    // RFC 4287 wants an author on every entry; the service, not the user, writes them.
    '<author><name>Price Tracker</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
