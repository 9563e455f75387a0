/** §8: the app mounts on `#root`; a page without it is a broken deployment, so start-up throws. */
export const ROOT_ELEMENT_ID = 'root';

export function requireRootElement(doc: Pick<Document, 'getElementById'> = document): HTMLElement {
  const root = doc.getElementById(ROOT_ELEMENT_ID);
  if (!root) throw new Error(`Root element #${ROOT_ELEMENT_ID} not found`);
  return root;
}
