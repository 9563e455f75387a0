import {
  addDays,
  canonicalTimeZone,
  DEFAULT_DIGEST_PREFERENCES,
  digestDayOf,
  isDigestDue,
  isDigestHour,
  latestDueDigestDay,
} from './digest';

const at = (iso: string) => new Date(iso);

describe(digestDayOf.name, () => {
  it.each([
    ['before the hour: today', '2026-05-01T07:59:00Z', 'UTC', 8, '2026-05-01'],
    ['at the hour: tomorrow (today went out)', '2026-05-01T08:00:00Z', 'UTC', 8, '2026-05-02'],
    ['hour 0: always the next day', '2026-05-01T00:00:00Z', 'UTC', 0, '2026-05-02'],
    ['hour 23, just before', '2026-05-01T22:59:59Z', 'UTC', 23, '2026-05-01'],
    ['local day, not UTC (New York, 8 pm EDT)', '2026-05-02T00:00:00Z', 'America/New_York', 21, '2026-05-01'],
    ['half-hour zone (Kolkata) before midnight', '2026-01-14T18:29:00Z', 'Asia/Kolkata', 0, '2026-01-15'],
    ['year end ahead of UTC (Auckland)', '2026-12-31T23:30:00Z', 'Pacific/Auckland', 8, '2027-01-02'],
    [
      'DST spring, Berlin: 01:59 CET, hour 2 not come',
      '2026-03-29T00:59:00Z',
      'Europe/Berlin',
      2,
      '2026-03-29',
    ],
    [
      'DST spring, Berlin: 03:00 CEST, hour 2 skipped and passed',
      '2026-03-29T01:00:00Z',
      'Europe/Berlin',
      2,
      '2026-03-30',
    ],
    ['DST autumn, Berlin: first 02:30 (CEST)', '2026-10-25T00:30:00Z', 'Europe/Berlin', 2, '2026-10-26'],
    [
      'DST autumn, Berlin: second 02:30 (CET) is still past the hour',
      '2026-10-25T01:30:00Z',
      'Europe/Berlin',
      2,
      '2026-10-26',
    ],
    ['DST autumn, Berlin: 02:30 CET before hour 3', '2026-10-25T01:30:00Z', 'Europe/Berlin', 3, '2026-10-25'],
  ])('%s', (_row, firedAt, zone, hour, day) => expect(digestDayOf(at(firedAt), zone, hour)).toBe(day));
});

describe(latestDueDigestDay.name, () => {
  it.each([
    ['before the hour: yesterday', '2026-05-01T07:59:59Z', 'UTC', 8, '2026-04-30'],
    ['at the hour: today', '2026-05-01T08:00:00Z', 'UTC', 8, '2026-05-01'],
    [
      'month start, before hour 0 cannot be: hour 0 is due all day',
      '2026-03-01T00:00:00Z',
      'UTC',
      0,
      '2026-03-01',
    ],
    ['Kolkata +05:30 at local midnight', '2026-01-14T18:30:00Z', 'Asia/Kolkata', 0, '2026-01-15'],
    ['Chatham +13:45', '2026-01-14T18:15:00Z', 'Pacific/Chatham', 8, '2026-01-15'],
    [
      'DST spring, New York: 01:59 EST, hour 2 not come',
      '2026-03-08T06:59:00Z',
      'America/New_York',
      2,
      '2026-03-07',
    ],
    [
      'DST spring, New York: 03:00 EDT, skipped hour 2 is due',
      '2026-03-08T07:00:00Z',
      'America/New_York',
      2,
      '2026-03-08',
    ],
    [
      'DST autumn, New York: 07:59 EST, hour 8 not come',
      '2026-11-01T12:59:00Z',
      'America/New_York',
      8,
      '2026-10-31',
    ],
    ['DST autumn, New York: 08:00 EST', '2026-11-01T13:00:00Z', 'America/New_York', 8, '2026-11-01'],
    [
      'DST autumn, Berlin: first 02:00 (CEST) is due',
      '2026-10-25T00:00:00Z',
      'Europe/Berlin',
      2,
      '2026-10-25',
    ],
    [
      'DST half-hour jump, Lord Howe: 01:59 +10:30',
      '2026-10-03T15:29:00Z',
      'Australia/Lord_Howe',
      2,
      '2026-10-03',
    ],
    [
      'DST half-hour jump, Lord Howe: 02:30 +11, hour 2 skipped',
      '2026-10-03T15:30:00Z',
      'Australia/Lord_Howe',
      2,
      '2026-10-04',
    ],
  ])('%s', (_row, now, zone, hour, day) => expect(latestDueDigestDay(at(now), zone, hour)).toBe(day));
});

describe(isDigestDue.name, () => {
  it.each([
    ['today before the hour', '2026-05-01', '2026-05-01T07:00:00Z', false],
    ['today at the hour', '2026-05-01', '2026-05-01T08:00:00Z', true],
    ['a missed earlier day is due at once', '2026-04-28', '2026-05-01T07:00:00Z', true],
    ['tomorrow is not due', '2026-05-02', '2026-05-01T23:59:00Z', false],
  ])('%s', (_row, day, now, due) => expect(isDigestDue(day, at(now), 'UTC', 8)).toBe(due));
});

describe(canonicalTimeZone.name, () => {
  it.each([
    ['an IANA zone', 'Europe/Berlin', 'Europe/Berlin'],
    ['any case resolves to the canonical name', 'europe/berlin', 'Europe/Berlin'],
    ['UTC', 'UTC', 'UTC'],
    ['unknown zone', 'Mars/Olympus_Mons', undefined],
    ['empty', '', undefined],
    ['an offset is no zone name', '+25:00', undefined],
    ['absurdly long', 'A'.repeat(200), undefined],
  ])('%s', (_row, zone, expected) => expect(canonicalTimeZone(zone)).toBe(expected));
});

describe(isDigestHour.name, () => {
  it.each([
    [0, true],
    [23, true],
    [8, true],
    [24, false],
    [-1, false],
    [7.5, false],
    ['8', false],
    [Number.NaN, false],
  ])('%p → %p', (hour, ok) => expect(isDigestHour(hour)).toBe(ok));
});

describe('digest defaults and dates', () => {
  it('instant by default, hour 8 UTC until the web app sends the browser zone', () =>
    expect(DEFAULT_DIGEST_PREFERENCES).toEqual({ delivery: 'instant', digestHour: 8, timeZone: 'UTC' }));
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
  ])('%s %p days → %s', (day, n, expected) => expect(addDays(day, n)).toBe(expected));
});
