import { safeRedirect, withFragment } from '../../src/services/redirects';

describe('safeRedirect', () => {
  const config = { siteUrl: 'https://shop.example', redirectAllowList: ['http://localhost:5173'] };

  it.each([
    [undefined, 'https://shop.example'],
    ['https://shop.example/after?x=1', 'https://shop.example/after?x=1'],
    ['/account', 'https://shop.example/account'],
    ['http://localhost:5173/', 'http://localhost:5173/'],
    ['https://evil.example/', 'https://shop.example'],
    ['https://shop.example.evil.example/', 'https://shop.example'],
    ['//evil.example/', 'https://shop.example'],
    ['javascript:alert(1)', 'https://shop.example'],
  ])('%j → %j', (requested, expected) => {
    expect(safeRedirect(requested, config)).toBe(expected);
  });

  it('puts parameters in the fragment, where they do not reach server logs', () => {
    expect(withFragment('https://shop.example/a?b=1', { access_token: 'x y', expires_in: 3600 })).toBe(
      'https://shop.example/a?b=1#access_token=x+y&expires_in=3600',
    );
  });
});
