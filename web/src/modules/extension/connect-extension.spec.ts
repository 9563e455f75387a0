import { extensionIdFrom } from './connect-extension';

describe('extension connect page: the extension id from the address', () => {
  it.each([
    ['?extension=gjiajdnndcdbgggopkgjioifknkmklcb', 'gjiajdnndcdbgggopkgjioifknkmklcb'],
    ['?extension=GJIAJDNNDCDBGGGOPKGJIOIFKNKMKLCB', undefined],
    ['?extension=gjiajdnndcdbgggopkgjioifknkmklc', undefined],
    ['?extension=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', undefined],
    ['?extension=', undefined],
    ['', undefined],
  ])('%s → %s (only a Chrome extension id is messaged)', (search, id) => {
    expect(extensionIdFrom(search)).toBe(id);
  });
});
