import { ALERT_DROP_PERCENT, type PanelData } from './messages';
import { sparklinePath } from './sparkline';

/** Attribute of the panel's host element: the page sees this one empty element, nothing inside. */
export const PANEL_HOST_ATTRIBUTE = 'data-price-tracker-panel';

const STYLE = `
:host { all: initial; }
.panel { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; width: 240px;
  font: 13px/1.4 system-ui, sans-serif; color: #111; background: #fff; border: 1px solid #ccc;
  border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.15); padding: 10px 12px; }
.head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.name { font-weight: 600; }
.price { font-size: 16px; font-weight: 700; }
.badge { display: inline-block; margin-top: 4px; padding: 1px 6px; border-radius: 4px;
  background: #e6f4ea; color: #0b5d1e; font-weight: 600; }
.range { color: #444; font-size: 12px; }
.elsewhere { margin-top: 4px; font-size: 12px; }
.elsewhere a { color: #1a56db; }
svg { display: block; margin: 6px 0; }
.actions { display: flex; gap: 8px; margin-top: 6px; }
button { font: inherit; padding: 4px 10px; border-radius: 6px; border: 1px solid #1a56db;
  background: #1a56db; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1a56db; }
.status { font-size: 12px; color: #0b5d1e; }
`;

/** What the buttons do; each action answers the status line to show. */
export interface PanelActions {
  track(): Promise<string | undefined>;
  alert(): Promise<string | undefined>;
  connect(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function sparkline(prices: readonly number[]): SVGSVGElement | undefined {
  const line = sparklinePath(prices);
  if (!line.path) return undefined;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', String(line.width));
  svg.setAttribute('height', String(line.height));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Price history');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', line.path);
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', '#1a56db');
  path.setAttribute('stroke-width', '1.5');
  svg.append(path);
  return svg;
}

/**
 * Renders the panel in a closed shadow root: the marketplace page's scripts and styles can neither
 * read nor restyle it, and its styles do not leak into the page.
 */
export function renderPanel(data: PanelData, actions: PanelActions): HTMLElement {
  const host = document.createElement('div');
  host.setAttribute(PANEL_HOST_ATTRIBUTE, '');
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const panel = el('section', 'panel');
  panel.setAttribute('aria-label', 'Price Tracker');
  const head = el('div', 'head');
  head.append(el('span', 'name', 'Price Tracker'), el('span', 'price', data.price));
  panel.append(head);
  if (data.badge) panel.append(el('span', 'badge', data.badge));
  const line = sparkline(data.history);
  if (line) panel.append(line);
  if (data.range) panel.append(el('div', 'range', data.range));
  if (data.elsewhere) {
    const other = el('div', 'elsewhere', `Also on ${data.elsewhere.marketplace}: `);
    other.setAttribute('data-testid', 'elsewhere');
    if (data.elsewhere.url) {
      const link = el('a', '', data.elsewhere.landed);
      link.href = data.elsewhere.url;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      other.append(link);
    } else other.append(data.elsewhere.landed);
    panel.append(other);
  }
  const status = el('div', 'status');
  status.setAttribute('role', 'status');
  const button = (label: string, run: () => Promise<string | undefined>, title?: string) => {
    const node = el('button', '', label);
    node.type = 'button';
    if (title) node.title = title;
    node.addEventListener('click', () => {
      node.disabled = true;
      void run().then((text) => {
        status.textContent = text ?? '';
        node.disabled = false;
      });
    });
    return node;
  };
  const track = button('Track', actions.track, 'Add to your wishlist');
  const alert = button(
    `Alert at -${ALERT_DROP_PERCENT}%`,
    actions.alert,
    'Email me when the price drops this much',
  );
  const actionsRow = el('div', 'actions');
  actionsRow.append(track, alert);
  if (!data.connected) {
    const connect = el('button', 'secondary', 'Connect');
    connect.type = 'button';
    connect.title = 'Sign the extension in through the app';
    connect.addEventListener('click', () => actions.connect());
    actionsRow.append(connect);
  }
  panel.append(actionsRow, status);
  root.append(style, panel);
  return host;
}
