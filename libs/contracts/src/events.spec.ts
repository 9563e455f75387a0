import {
  ALL_TOPICS,
  EventPayloadSchemas,
  Topic,
  Topics,
  createEventEnvelope,
  deadLetterTopic,
  isTopic,
  parseEventPayload,
  productEventKey,
  settingEventKey,
  userEventKey,
} from './events';

const ID = '3f1c2b7e-8a4d-4f5e-9b6a-1c2d3e4f5a6b';
const AT = '2026-05-01T10:00:00.000Z';

const validPayloads: Record<Topic, unknown> = {
  'price.observed': {
    productId: 'v1|285112233445|0',
    marketplace: 'ebay',
    price: 89.99,
    currency: 'USD',
    observedAt: AT,
    source: 'poll',
  },
  'price.changed': {
    productId: '1005006123456789',
    marketplace: 'aliexpress',
    oldPrice: 24.68,
    newPrice: 12.34,
    currency: 'USD',
    dropped: true,
    observedAt: AT,
    source: 'lookup',
  },
  'tracking.changed': {
    productId: 'v1|1|0',
    marketplace: 'ebay',
    reason: 'alert',
    ownerId: 'u1',
    tracked: true,
    targetPrice: 80,
  },
  'wishlist.item-alert-changed': {
    userId: 'u1',
    wishlistId: 'w1',
    productId: 'v1|1|0',
    marketplace: 'ebay',
    enabled: true,
    targetPrice: 90,
    currentPrice: 100,
    currency: 'USD',
    changedAt: AT,
  },
  'wishlist.item-price-dropped': {
    userId: 'u1',
    itemId: 'i1',
    wishlistId: 'w1',
    productId: 'v1|1|0',
    marketplace: 'ebay',
    title: 'Headphones',
    oldPrice: 100,
    newPrice: 80,
    currency: 'USD',
    observedAt: AT,
  },
  'listing.availability-changed': {
    productId: 'v1|1|0',
    marketplace: 'ebay',
    available: true,
    price: 80,
    currency: 'USD',
    at: AT,
  },
  'auth.user-changed': { userId: 'u1', change: 'confirmed', email: 'ada@example.com' },
  'auth.email-requested': {
    userId: 'u1',
    email: 'ada@example.com',
    kind: 'signup',
    linkUrl: 'http://localhost:3000/?type=signup',
    linkId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    name: 'Ada',
  },
  'auth.session-revoked': {
    userId: 'u1',
    sessionIds: ['s1', 's2'],
    reason: 'sign-out',
    revokedUntil: '2026-01-01T01:00:00.000Z',
  },
  'settings.changed': { key: 'maintenance_mode', value: true, isPublic: false },
  'gateway.request-logs': {
    entries: [
      {
        route: '/api/v1/products/{id}',
        method: 'GET',
        statusCode: 200,
        responseTimeMs: 3.5,
        service: 'catalog',
        createdAt: AT,
      },
    ],
    dropped: 0,
  },
};

const invalidPayloads: Array<[string, Topic, unknown]> = [
  [
    'price.observed with price 0 (only positive prices are observed, §4)',
    'price.observed',
    { ...(validPayloads['price.observed'] as object), price: 0 },
  ],
  [
    'price.observed with unknown source',
    'price.observed',
    { ...(validPayloads['price.observed'] as object), source: 'scrape' },
  ],
  [
    'price.observed with unknown marketplace',
    'price.observed',
    { ...(validPayloads['price.observed'] as object), marketplace: 'etsy' },
  ],
  [
    'price.observed with a bad url',
    'price.observed',
    { ...(validPayloads['price.observed'] as object), url: 'nope' },
  ],
  [
    'price.changed without dropped',
    'price.changed',
    { ...(validPayloads['price.changed'] as object), dropped: undefined },
  ],
  [
    'price.changed lowercase currency',
    'price.changed',
    { ...(validPayloads['price.changed'] as object), currency: 'usd' },
  ],
  [
    'tracking.changed with unknown reason',
    'tracking.changed',
    { ...(validPayloads['tracking.changed'] as object), reason: 'whim' },
  ],
  [
    'wishlist.item-alert-changed without enabled',
    'wishlist.item-alert-changed',
    { ...(validPayloads['wishlist.item-alert-changed'] as object), enabled: undefined },
  ],
  [
    'wishlist.item-price-dropped with a zero price',
    'wishlist.item-price-dropped',
    { ...(validPayloads['wishlist.item-price-dropped'] as object), newPrice: 0 },
  ],
  [
    'listing.availability-changed without available',
    'listing.availability-changed',
    { ...(validPayloads['listing.availability-changed'] as object), available: undefined },
  ],
  ['auth.user-changed with unknown change', 'auth.user-changed', { userId: 'u1', change: 'renamed' }],
  [
    'auth.email-requested with a bad email',
    'auth.email-requested',
    { ...(validPayloads['auth.email-requested'] as object), email: 'nope' },
  ],
  [
    'auth.email-requested with the token in the link',
    'auth.email-requested',
    {
      ...(validPayloads['auth.email-requested'] as object),
      linkUrl: 'http://localhost:8080/?type=signup&token=secret',
    },
  ],
  [
    'auth.email-requested for a confirmation without a link id',
    'auth.email-requested',
    { ...(validPayloads['auth.email-requested'] as object), linkId: undefined },
  ],
  [
    'auth.session-revoked without sessions',
    'auth.session-revoked',
    { ...(validPayloads['auth.session-revoked'] as object), sessionIds: [] },
  ],
  ['settings.changed without isPublic', 'settings.changed', { key: 'k', value: 1 }],
  ['gateway.request-logs without entries', 'gateway.request-logs', { entries: [], dropped: 0 }],
  [
    'gateway.request-logs with a bad status',
    'gateway.request-logs',
    {
      entries: [
        { route: '/x', method: 'GET', statusCode: 42, responseTimeMs: 1, service: 'x', createdAt: AT },
      ],
    },
  ],
];

const envelope = (topic: string, payload: unknown) => ({
  id: ID,
  type: topic,
  version: 1,
  occurredAt: AT,
  key: 'ebay:1',
  payload,
});

describe('Topics', () => {
  it('ARCH §3 every topic, persisted names unchanged', () => {
    expect(ALL_TOPICS).toEqual([
      'price.observed',
      'price.changed',
      'tracking.changed',
      'wishlist.item-alert-changed',
      'wishlist.item-price-dropped',
      'listing.availability-changed',
      'auth.user-changed',
      'auth.email-requested',
      'auth.session-revoked',
      'settings.changed',
      'gateway.request-logs',
    ]);
    expect(Object.keys(EventPayloadSchemas).sort()).toEqual([...ALL_TOPICS].sort());
    expect(deadLetterTopic(Topics.priceChanged)).toBe('price.changed.dlq');
    expect(isTopic('price.observed')).toBe(true);
    expect(isTopic('price.seen')).toBe(false);
  });
});

describe(parseEventPayload.name, () => {
  it.each(ALL_TOPICS.map((t) => [t]))('ARCH §3 accepts a valid %s event', (topic) => {
    const sut = parseEventPayload(topic, envelope(topic, validPayloads[topic]));
    expect(sut).toEqual({ success: true, envelope: envelope(topic, validPayloads[topic]) });
  });

  it.each(invalidPayloads)('ARCH §3 refuses %s', (_row, topic, payload) => {
    const sut = parseEventPayload(topic, envelope(topic, payload));
    expect(sut.success).toBe(false);
    expect(!sut.success && sut.error).toMatch(`invalid ${topic} payload`);
  });

  it.each([
    [
      'ARCH §3 not a uuid',
      { ...envelope('price.observed', validPayloads['price.observed']), id: 'x' },
      'invalid envelope',
    ],
    [
      'ARCH §3 missing key',
      { ...envelope('price.observed', validPayloads['price.observed']), key: '' },
      'invalid envelope',
    ],
    ['ARCH §3 not an object', 'hello', 'invalid envelope'],
    [
      'ARCH §3 type of another topic',
      envelope('price.changed', validPayloads['price.observed']),
      'does not match topic',
    ],
  ])('%s', (_row, input, error) => {
    const sut = parseEventPayload('price.observed', input);
    expect(!sut.success && sut.error).toMatch(error);
  });
});

describe(createEventEnvelope.name, () => {
  it('ARCH §3 builds a valid envelope with version 1', () => {
    const sut = createEventEnvelope(
      'settings.changed',
      { key: 'feature_flags', value: {}, isPublic: false },
      { id: ID, occurredAt: AT, key: settingEventKey('feature_flags'), traceparent: '00-abc-def-01' },
    );
    expect(sut).toEqual({
      id: ID,
      type: 'settings.changed',
      version: 1,
      occurredAt: AT,
      key: 'setting:feature_flags',
      traceparent: '00-abc-def-01',
      payload: { key: 'feature_flags', value: {}, isPublic: false },
    });
  });

  it('refuses an invalid payload (producer bug)', () => {
    expect(() =>
      createEventEnvelope(
        'auth.user-changed',
        { userId: '', change: 'created' },
        { id: ID, occurredAt: AT, key: userEventKey('u') },
      ),
    ).toThrow(/invalid auth.user-changed payload/);
  });

  it('ARCH §3 partition keys', () => {
    expect(productEventKey('ebay', 'v1|1|0')).toBe('ebay:v1|1|0');
    expect(userEventKey('u1')).toBe('user:u1');
  });
});

describe('shipping on price events (landed prices, version 1 additive)', () => {
  it.each([Topics.priceObserved, Topics.priceChanged] as const)(
    '%s: optional, 0 = free, never negative',
    (topic) => {
      const schema = EventPayloadSchemas[topic];
      const base = validPayloads[topic] as Record<string, unknown>;
      expect(schema.safeParse(base).success).toBe(true);
      expect(schema.safeParse({ ...base, shipping: 0 }).success).toBe(true);
      expect(schema.safeParse({ ...base, shipping: 3.99 }).success).toBe(true);
      expect(schema.safeParse({ ...base, shipping: -1 }).success).toBe(false);
      expect(schema.safeParse({ ...base, shipping: '3.99' }).success).toBe(false);
    },
  );
});
