import { SAMPLE_PRODUCTS, addItem, createPriceAlert, initialWishlistState } from '@pt/domain';
import { EMAIL_MAX_LENGTH, isValidEmail } from '@pt/domain';
import {
  EmailSchema,
  LoginPayloadSchema,
  RegistrationFormSchema,
  RegistrationPayloadSchema,
  SessionSchema,
  UpdateUserPayloadSchema,
  UserSchema,
} from './auth';
import { ErrorBodySchema } from './errors';
import { AuthUserChangedPayloadSchema } from './events';
import {
  AddWishlistItemBodySchema,
  CreateWishlistBodySchema,
  CreatePriceAlertBodySchema,
  ReorderWishlistItemsBodySchema,
} from './http';
import { MonitoringEventSchema } from './monitoring';
import {
  CachedProductSchema,
  MarketplaceProductSchema,
  PriceAlertSchema,
  PriceHistoryPointSchema,
  ProductSchema,
} from './products';
import { SettingKeys, SystemSettingSchema, UserPreferencesSchema } from './settings';
import { WishlistCollectionSchema, WishlistSchema } from './wishlists';

const AT = '2026-05-01T10:00:00.000Z';

const marketplaceProduct = {
  id: 'v1|285112233445|0',
  title: 'Mini Drone 4K',
  price: { amount: 89.99, currency: 'USD', formattedPrice: '$89.99' },
  originalPrice: 119.99,
  currency: 'USD',
  imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l225.jpg',
  url: 'https://www.ebay.com/itm/285112233445',
  marketplace: 'ebay',
  marketplaceName: 'eBay',
  rating: 4.96,
  reviewCount: 4821,
  seller: { name: 'skyshop', rating: 4.96, url: 'https://www.ebay.com/usr/skyshop' },
  shipping: { price: 0, formattedPrice: '$0.00', isFree: true, estimatedDelivery: '3-5 days' },
};

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => i.message);

describe('ProductSchema', () => {
  it.each(SAMPLE_PRODUCTS.map((p) => [p.id, p] as const))(
    '§3 static sample %s is a valid Product',
    (_id, p) => {
      expect(ProductSchema.safeParse(p).success).toBe(true);
    },
  );

  it('§3 defaults: rating 4.2, USD, empty lists', () => {
    expect(ProductSchema.parse({ id: 'x', title: 'X', price: 1 })).toMatchObject({
      rating: 4.2,
      currency: 'USD',
      images: [],
      features: [],
      specifications: {},
    });
  });

  it.each([
    ['§3 negative price', { id: 'x', title: 'X', price: -1 }],
    ['§3 missing id', { title: 'X', price: 1 }],
    ['§3 rating over 5', { id: 'x', title: 'X', price: 1, rating: 6 }],
  ])('refuses %s', (_row, input) => expect(ProductSchema.safeParse(input).success).toBe(false));
});

describe('MarketplaceProductSchema', () => {
  it('§3 accepts a complete product', () =>
    expect(MarketplaceProductSchema.safeParse(marketplaceProduct).success).toBe(true));

  it.each([
    [
      '§5 price 0',
      { price: { ...marketplaceProduct.price, amount: 0 } },
      'Price must be above 0 and not over 1,000,000',
    ],
    [
      '§5 price over 1,000,000',
      { price: { ...marketplaceProduct.price, amount: 2_000_000 }, originalPrice: undefined },
      'Price must be above 0 and not over 1,000,000',
    ],
    [
      '§5 originalPrice below price',
      { originalPrice: 10 },
      'Original price must not be below the current price',
    ],
    ['§5 rating out of range', { rating: 7 }, 'Rating must be between 0 and 5'],
    ['§5 negative reviews', { reviewCount: -3 }, 'Review count must not be negative'],
    ['§5 unparsable url', { url: 'ebay item' }, 'Invalid URL: url'],
  ])('refuses %s', (_row, patch, message) => {
    expect(messages(MarketplaceProductSchema.safeParse({ ...marketplaceProduct, ...patch }))).toContain(
      message,
    );
  });

  it('§5 required marketplace name', () => {
    expect(MarketplaceProductSchema.safeParse({ ...marketplaceProduct, marketplaceName: '' }).success).toBe(
      false,
    );
  });
});

describe('CachedProductSchema', () => {
  const row = {
    id: 'v1|1|0',
    title: 'Drone',
    description: null,
    price: 89.99,
    currency: 'USD',
    image_url: null,
    marketplace: 'ebay',
    url: null,
    rating: 4.9,
    review_count: 10,
    shipping: null,
    category: null,
    seller: null,
    last_updated: AT,
  };
  it.each([
    ['§3 products_cache row', row, true],
    ['§3 unknown marketplace', { ...row, marketplace: 'etsy' }, false],
    ['§3 missing last_updated', { ...row, last_updated: undefined }, false],
  ])('%s', (_row, input, ok) => expect(CachedProductSchema.safeParse(input).success).toBe(ok));
});

describe('PriceAlertSchema / PriceHistoryPointSchema', () => {
  it('§3 an alert made by the domain is valid', () => {
    const alert = createPriceAlert(
      { productId: 'ebay_1', title: 'Drone', price: 100, currency: 'USD' },
      { id: 'a1', now: AT },
    );
    expect(PriceAlertSchema.parse(alert)).toEqual(alert);
  });

  it.each([
    ['§3 valid point', { date: AT, price: 10, formattedPrice: '$10.00', source: 'global' }, true],
    ['§3 date not ISO', { date: 'yesterday', price: 10, formattedPrice: '$10.00', source: 'global' }, false],
  ])('%s', (_row, input, ok) => expect(PriceHistoryPointSchema.safeParse(input).success).toBe(ok));
});

describe('WishlistSchema', () => {
  it('§3 the domain state round-trips', () => {
    const added = addItem(initialWishlistState(AT), { productId: 'v1|1|0', title: 'Drone', price: 100 }, AT);
    expect(WishlistCollectionSchema.parse(added.state)).toEqual(added.state);
  });

  it('§3 condition is always New', () => {
    const state = addItem(
      initialWishlistState(AT),
      { productId: 'v1|1|0', title: 'Drone', price: 100 },
      AT,
    ).state;
    const list = state.wishlists[0];
    const broken = { ...list, items: list?.items.map((i) => ({ ...i, condition: 'Used' })) };
    expect(WishlistSchema.safeParse(broken).success).toBe(false);
  });
});

describe('auth schemas', () => {
  it.each([
    ['§5 valid login', { email: 'a@b.co', password: '123456' }, []],
    ['§5 invalid email', { email: 'a@b', password: '123456' }, ['Please enter a valid email address']],
    ['§5 short password', { email: 'a@b.co', password: '123' }, ['Password must be at least 6 characters']],
  ])('%s', (_row, input, expected) =>
    expect(messages(LoginPayloadSchema.safeParse(input))).toEqual(expected),
  );

  it.each<[string, Record<string, string>, string[]]>([
    ['§5 valid form', {}, []],
    ['§5 short name', { name: 'A' }, ['Name must be at least 2 characters']],
    ['§5 mismatch on confirmPassword', { confirmPassword: 'secret2' }, ["Passwords don't match"]],
    ['§5 an empty confirmPassword does not match', { confirmPassword: '' }, ["Passwords don't match"]],
  ])('registration form: %s', (_row, patch, expected) => {
    const r = RegistrationFormSchema.safeParse({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      ...patch,
    });
    expect(messages(r)).toEqual(expected);
    if (!r.success)
      expect(r.error.issues[0]?.path).toEqual('confirmPassword' in patch ? ['confirmPassword'] : ['name']);
  });

  it('§5 a short password repeated alike: the length message on both, no mismatch', () => {
    const r = RegistrationFormSchema.safeParse({
      name: 'Ada',
      email: 'ada@example.com',
      password: '123',
      confirmPassword: '123',
    });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Password must be at least 6 characters'],
      ['confirmPassword', 'Password must be at least 6 characters'],
    ]);
  });

  it('§3 the registration payload drops confirmPassword', () => {
    expect(
      RegistrationPayloadSchema.parse({
        name: ' Ada ',
        email: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'secret1' });
  });

  it('§3 user: unconfirmed is null, metadata name optional', () => {
    expect(UserSchema.parse({ id: 'u', email: 'a@b.co', email_confirmed_at: null })).toEqual({
      id: 'u',
      email: 'a@b.co',
      email_confirmed_at: null,
      user_metadata: {},
      role: 'user',
    });
    expect(UserSchema.safeParse({ id: 'u', email: 'a@b.co' }).success).toBe(false);
  });

  it('§3 session: tokens and expiry', () => {
    expect(
      SessionSchema.safeParse({
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 3600,
        expires_at: 1_900_000_000,
      }).success,
    ).toBe(true);
    expect(SessionSchema.safeParse({ access_token: 'a', expires_in: 3600, expires_at: 1 }).success).toBe(
      false,
    );
  });

  it.each([
    'a@b.co',
    'first.last+tag@sub.example.org',
    ' padded@example.com ',
    'a@b',
    'jos\u00e9@example.com',
    'user@b\u00fccher.example',
    'a\u0000b@example.com',
    'a\udc00@example.com',
    '.a@example.com',
    `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`,
  ])('decision: one email rule — the domain, the auth payloads and the auth events agree on %j', (raw) => {
    const valid = isValidEmail(raw);
    expect(EmailSchema.safeParse(raw).success).toBe(valid);
    expect(LoginPayloadSchema.safeParse({ email: raw, password: '123456' }).success).toBe(valid);
    // Whatever the auth API accepts (trimmed, lower-cased), its auth.user-changed event accepts too.
    if (valid)
      expect(
        AuthUserChangedPayloadSchema.safeParse({
          userId: 'u',
          change: 'created',
          email: raw.trim().toLowerCase(),
        }).success,
      ).toBe(true);
  });

  it('§7 PUT /user data', () => {
    expect(UpdateUserPayloadSchema.safeParse({ data: { name: 'Ada' } }).success).toBe(true);
    expect(messages(UpdateUserPayloadSchema.safeParse({ data: { name: 'A' } }))).toEqual([
      'Name must be at least 2 characters',
    ]);
  });
});

describe('settings, preferences, monitoring', () => {
  it('§3 setting keys are the persisted names', () => {
    expect(SettingKeys).toEqual({
      maintenanceMode: 'maintenance_mode',
      maxSearchResults: 'max_search_results',
      featureFlags: 'feature_flags',
      betaLandingEnabled: 'beta_landing_enabled',
    });
  });

  it.each([
    [
      '§3 valid row',
      { key: 'beta_landing_enabled', value: 'true', description: null, is_public: true, updated_at: AT },
      true,
    ],
    ['§3 is_public must be boolean', { key: 'k', value: 1, is_public: 'yes', updated_at: AT }, false],
    ['§3 updated_at must be ISO', { key: 'k', value: 1, is_public: true, updated_at: 'now' }, false],
  ])('%s', (_row, input, ok) => expect(SystemSettingSchema.safeParse(input).success).toBe(ok));

  it('§3 preferences default USD / auto / true', () => {
    expect(UserPreferencesSchema.parse({})).toEqual({ currency: 'USD', theme: 'auto', notifications: true });
    expect(UserPreferencesSchema.safeParse({ theme: 'system' }).success).toBe(false);
  });

  it.each([
    [
      '§3 valid event',
      { type: 'api_error', component: 'catalog', details: { status: 503 }, severity: 'high', timestamp: AT },
      true,
    ],
    ['§3 unknown severity', { type: 'x', component: 'y', severity: 'fatal', timestamp: AT }, false],
  ])('monitoring %s', (_row, input, ok) => expect(MonitoringEventSchema.safeParse(input).success).toBe(ok));

  it('error body', () => {
    expect(
      ErrorBodySchema.safeParse({ error: { code: 'not_found', message: 'Product not found' } }).success,
    ).toBe(true);
  });
});

describe('http bodies', () => {
  it('wishlist bodies', () => {
    expect(CreateWishlistBodySchema.parse({ name: ' Gifts ' })).toEqual({ name: 'Gifts' });
    expect(CreateWishlistBodySchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(AddWishlistItemBodySchema.parse({ productId: 'v1|1|0', title: 'Drone', price: 100 })).toEqual({
      productId: 'v1|1|0',
      title: 'Drone',
      price: 100,
      currency: 'USD',
    });
    expect(AddWishlistItemBodySchema.safeParse({ productId: 'v1|1|0', title: '', price: 100 }).success).toBe(
      false,
    );
    expect(
      ReorderWishlistItemsBodySchema.safeParse({ positions: [{ productId: 'a', position: -1 }] }).success,
    ).toBe(false);
  });

  it('§4 alert body: target optional (defaults to 90% server-side)', () => {
    expect(
      CreatePriceAlertBodySchema.parse({
        productId: 'ebay_1',
        productTitle: 'Drone',
        currentPrice: 100,
        currency: 'USD',
      }),
    ).toMatchObject({ browserNotifications: false });
  });
});
