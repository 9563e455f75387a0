import { EventEnvelopeSchema } from '@pt/contracts';
import { createEnvelope } from '@pt/platform';

describe('createEnvelope', () => {
  it('builds an envelope the contract accepts, with a fresh id each time', () => {
    const now = new Date('2025-01-02T03:04:05.000Z');
    const sut = createEnvelope(
      'price.changed',
      'ebay:1',
      { price: 5 },
      { now, traceparent: '00-abc-def-01', version: 2 },
    );
    expect(EventEnvelopeSchema.parse(sut)).toEqual({
      id: sut.id,
      type: 'price.changed',
      version: 2,
      occurredAt: '2025-01-02T03:04:05.000Z',
      key: 'ebay:1',
      traceparent: '00-abc-def-01',
      payload: { price: 5 },
    });
    expect(createEnvelope('t', 'k', {}).id).not.toBe(sut.id);
    expect(createEnvelope('t', 'k', {})).not.toHaveProperty('traceparent');
  });
});
