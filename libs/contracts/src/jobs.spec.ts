import {
  JobNames,
  JobPayloadSchemas,
  JobsByQueue,
  MAX_POLL_BATCH,
  POLL_QUEUES,
  Queues,
  isJobName,
  parseJobPayload,
  pollQueueName,
} from './jobs';

describe('queues and job names', () => {
  it('ARCH §4 persisted names', () => {
    expect(pollQueueName('ebay')).toBe('poll:ebay');
    expect(pollQueueName('aliexpress')).toBe('poll:aliexpress');
    expect(Queues).toEqual({
      pollEbay: 'poll:ebay',
      pollAliexpress: 'poll:aliexpress',
      pollScheduler: 'poll:scheduler',
      email: 'email',
      rollup: 'rollup',
    });
    expect(POLL_QUEUES).toEqual(['poll:ebay', 'poll:aliexpress']);
    expect(JobNames).toEqual({
      pollDue: 'poll-due',
      pollBatch: 'poll-batch',
      sendEmail: 'send-email',
      sweepEmails: 'sweep-emails',
      digestDue: 'digest-due',
      rollupDaily: 'rollup-daily',
      rollupRecent: 'rollup-recent',
      pruneRequestLogs: 'prune-request-logs',
    });
    expect(Object.keys(JobPayloadSchemas).sort()).toEqual(Object.values(JobNames).sort());
    expect(Object.keys(JobsByQueue).sort()).toEqual(Object.values(Queues).sort());
    expect(isJobName('poll-due')).toBe(true);
    expect(isJobName('poll')).toBe(false);
  });
});

describe(parseJobPayload.name, () => {
  const priceDrop = { kind: 'price-drop', notificationId: '5b0f1c2e-8d4a-4c3b-9e7f-1a2b3c4d5e6f' };
  it.each([
    [
      'ARCH §4 poll-due',
      JobNames.pollDue,
      { marketplace: 'ebay', scheduledAt: '2026-05-01T10:00:00Z' },
      true,
    ],
    [
      'ARCH §4 poll-due for a marketplace without live lookups',
      JobNames.pollDue,
      { marketplace: 'amazon', scheduledAt: '2026-05-01T10:00:00Z' },
      false,
    ],
    [
      'ARCH §4 poll-batch of 20',
      JobNames.pollBatch,
      { marketplace: 'aliexpress', productIds: Array.from({ length: MAX_POLL_BATCH }, (_, i) => `${i}`) },
      true,
    ],
    [
      'ARCH §4 poll-batch over 20 ids',
      JobNames.pollBatch,
      { marketplace: 'ebay', productIds: Array.from({ length: 21 }, (_, i) => `${i}`) },
      false,
    ],
    ['ARCH §4 empty poll-batch', JobNames.pollBatch, { marketplace: 'ebay', productIds: [] }, false],
    [
      'ARCH §4 confirmation email',
      JobNames.sendEmail,
      {
        kind: 'confirmation',
        eventId: 'e1',
        request: {
          userId: 'u1',
          email: 'ada@example.com',
          kind: 'signup',
          linkUrl: 'https://app.example.com/',
          linkId: '0b8c5a52-7f7e-4a55-9d3e-2f0e0c1f7a10',
        },
      },
      true,
    ],
    [
      'an account email job never carries the secret link',
      JobNames.sendEmail,
      {
        kind: 'confirmation',
        eventId: 'e1',
        request: {
          userId: 'u1',
          email: 'ada@example.com',
          kind: 'signup',
          linkUrl: 'https://app.example.com/?token=secret&type=signup',
          linkId: '0b8c5a52-7f7e-4a55-9d3e-2f0e0c1f7a10',
        },
      },
      false,
    ],
    ['ARCH §6 price-drop email', JobNames.sendEmail, priceDrop, true],
    [
      'ARCH §6 price-drop email without a notification id',
      JobNames.sendEmail,
      { ...priceDrop, notificationId: 'not-a-uuid' },
      false,
    ],
    ['unknown email kind', JobNames.sendEmail, { ...priceDrop, kind: 'newsletter' }, false],
    ['email sweeper tick', JobNames.sweepEmails, {}, true],
    ['ARCH §4 rollup', JobNames.rollupDaily, { date: '2026-05-01' }, true],
    ['rollup with a timestamp', JobNames.rollupDaily, { date: '2026-05-01T00:00:00Z' }, false],
  ] as const)('%s', (_row, name, data, valid) => {
    const sut = parseJobPayload(name, data);
    expect(sut.success).toBe(valid);
    if (!sut.success) expect(sut.error).toMatch(`invalid ${name} job`);
  });
});
