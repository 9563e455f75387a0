import { requireRootElement, ROOT_ELEMENT_ID } from './root-element';

describe('start-up root element (§8)', () => {
  it('throws when the page has no #root', () => {
    const doc = { getElementById: () => null };
    expect(() => requireRootElement(doc)).toThrow('Root element #root not found');
  });

  it('returns #root when it is there', () => {
    const root = { id: ROOT_ELEMENT_ID } as HTMLElement;
    const asked: string[] = [];
    const doc = {
      getElementById: (id: string) => {
        asked.push(id);
        return id === ROOT_ELEMENT_ID ? root : null;
      },
    };
    expect(requireRootElement(doc)).toBe(root);
    expect(asked).toEqual(['root']);
  });
});
