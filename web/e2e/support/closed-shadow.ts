import type { Page } from 'playwright-core';

/**
 * Reads and clicks inside a closed shadow root, which page scripts (and Playwright's selectors)
 * cannot enter by design: through the DevTools protocol, whose DOM view pierces shadow roots.
 */
interface CdpNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
}

export interface ShadowView {
  /** The visible texts inside the shadow root, in document order (style text left out). */
  texts: string[];
  /** Attribute maps of elements named `tag` (lower case) inside it. */
  elements(tag: string): Record<string, string>[];
  /** Clicks the button whose text is `label`. */
  click(label: string): Promise<void>;
}

function* walk(node: CdpNode): Generator<CdpNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* walk(child);
}

const attrs = (n: CdpNode) =>
  Object.fromEntries(
    (n.attributes ?? []).flatMap((v, i, all) => (i % 2 === 0 ? [[v, all[i + 1] ?? '']] : [])),
  );

/** The closed shadow root under the element carrying `hostAttribute`, or undefined when absent. */
export async function closedShadow(page: Page, hostAttribute: string): Promise<ShadowView | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
    const host = [...walk(root)].find((n) => n.attributes?.includes(hostAttribute));
    const shadow = host?.shadowRoots?.[0];
    if (!shadow) return undefined;
    const nodes = [...walk(shadow)];
    const inStyle = new Set(
      nodes
        .filter((n) => n.nodeName === 'STYLE')
        .flatMap((n) => (n.children ?? []).map((c) => c.backendNodeId)),
    );
    const texts = nodes
      .filter((n) => n.nodeType === 3 && !inStyle.has(n.backendNodeId) && n.nodeValue.trim())
      .map((n) => n.nodeValue.trim());
    const textOf = (n: CdpNode) =>
      [...walk(n)]
        .filter((c) => c.nodeType === 3)
        .map((c) => c.nodeValue)
        .join('');
    return {
      texts,
      elements: (tag) => nodes.filter((n) => n.nodeName.toLowerCase() === tag).map(attrs),
      async click(label) {
        const button = nodes.find((n) => n.nodeName === 'BUTTON' && textOf(n).trim() === label);
        if (!button) throw new Error(`no "${label}" button in the shadow root`);
        const session = await page.context().newCDPSession(page);
        try {
          const { model } = (await session.send('DOM.getBoxModel', {
            backendNodeId: button.backendNodeId,
          })) as {
            model: { content: number[] };
          };
          const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
          await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
        } finally {
          await session.detach();
        }
      },
    };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
