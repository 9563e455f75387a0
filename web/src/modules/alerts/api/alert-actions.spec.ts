import { ApiError } from '../../../lib/api';
import { ALERT_MESSAGES, alertFailure, createAlertBody, createdMessage } from './alert-actions';

describe('alertFailure: what a failed alert action says', () => {
  it.each<[string, unknown, string]>([
    [
      'a refusal in the server words',
      new ApiError(409, 'alert_limit', 'You have too many alerts'),
      'You have too many alerts',
    ],
    [
      'a validation failure as the generic failure',
      new ApiError(400, 'validation_failed', 'targetPrice: x'),
      ALERT_MESSAGES.failed,
    ],
    ['a server error as the generic failure', new ApiError(500, 'internal', 'boom'), ALERT_MESSAGES.failed],
    [
      'a 429 with when to retry (§8 text)',
      new ApiError(429, 'rate_limited', 'Too many requests. Please wait before trying again.', 12),
      'Failed to save the price alert. Too many requests. Please wait before trying again. Try again in 12 seconds.',
    ],
    [
      'no answer as the service being unavailable, not "Failed to fetch"',
      new TypeError('Failed to fetch'),
      'Failed to save the price alert. The service is unavailable right now. Please try again in a moment.',
    ],
  ])('%s', (_case, error, expected) => {
    expect(alertFailure(error)).toBe(expected);
  });
});

describe('createAlertBody: the basis of a new alert', () => {
  const product = { id: 'v1|1|0', title: 'Lamp', price: 50, currency: 'USD', marketplace: 'ebay' };

  it('sends the price with shipping when chosen, beside the kind or the target', () => {
    expect(createAlertBody(product, 40, undefined, 'landed')).toMatchObject({
      targetPrice: 40,
      basis: 'landed',
    });
    expect(createAlertBody(product, 40, { kind: 'percent_drop', percent: 10 }, 'landed')).toMatchObject({
      kind: 'percent_drop',
      percent: 10,
      basis: 'landed',
    });
  });

  it('leaves the basis out when none is chosen (the server takes item)', () => {
    expect(createAlertBody(product, 40)).not.toHaveProperty('basis');
  });
});

describe('createdMessage: what setting an alert says', () => {
  it.each([
    ['a target alert above the price', { state: 'armed', kind: 'target' }, ALERT_MESSAGES.set],
    ['a target alert already met', { state: 'met', kind: 'target' }, ALERT_MESSAGES.setMet],
    [
      'a back-in-stock alert on a listing on sale (met): no "already met" news',
      { state: 'met', kind: 'back_in_stock' },
      ALERT_MESSAGES.set,
    ],
    [
      'a back-in-stock alert on a listing out of stock (armed)',
      { state: 'armed', kind: 'back_in_stock' },
      ALERT_MESSAGES.set,
    ],
  ] as const)('%s', (_case, alert, expected) => expect(createdMessage(alert)).toBe(expected));
});
