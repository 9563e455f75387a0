import { MemoryRateLimiter } from '@pt/platform/rate-limit/index';
import { CredentialBudget, splitBudget } from '../src/http/budget';
import { FAIR_SHARE, fairShareLimits, reservedPerWindow } from '../src/http/fair-share';
import type { Spender } from '../src/http/spender';

/** eBay's default budget (5,000 calls a day, 30% for the pollers, a quarter of the rest at once). */
const EBAY_DEFAULT = splitBudget(5000, 0.3, 0.25);

function setup(split = EBAY_DEFAULT) {
  let now = Date.UTC(2026, 0, 15, 10, 0, 0);
  const clock = () => now;
  const sut = new CredentialBudget(new MemoryRateLimiter(clock), 'marketplace:ebay:abc', split, clock);
  return {
    sut,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const anonymous = (ip: string): Spender => ({ client: `ip:${ip}`, group: `net:${ip}/24`, reserved: false });
const tracker = (id: string): Spender => ({ client: `user:${id}`, group: `user:${id}`, reserved: true });

describe('fair share of a credential budget', () => {
  it('gives each client its own share of upstream calls, whatever its request limit', async () => {
    const { sut } = setup();
    const { client } = fairShareLimits(EBAY_DEFAULT);
    expect(client.capacity).toBe(88);
    const a = anonymous('203.0.113.1');
    let allowed = 0;
    for (let i = 0; i < 200; i++) if ((await sut.take('interactive', a)).allowed) allowed++;
    expect(allowed).toBe(88);
    // Another client (another /24) is untouched by the first one's burst.
    expect((await sut.take('interactive', anonymous('198.51.100.1'))).allowed).toBe(true);
  });

  it('counts a neighbourhood (/24, /48) as a group of at most four clients', async () => {
    const { sut } = setup();
    let allowed = 0;
    for (let host = 1; host <= 10; host++) {
      const s = { client: `ip:203.0.113.${host}`, group: 'net:203.0.113.0/24', reserved: false };
      for (let i = 0; i < 100; i++) if ((await sut.take('interactive', s)).allowed) allowed++;
    }
    expect(allowed).toBe(88 * FAIR_SHARE.groupMultiple);
  });

  it('keeps the reserved floor of the burst for signed-in users with tracked items', async () => {
    const { sut } = setup();
    const { reservedBurst } = fairShareLimits(EBAY_DEFAULT);
    expect(reservedBurst).toBe(175);
    let general = 0;
    for (let n = 0; n < 100; n++) {
      const s = anonymous(`10.${n}.0.1`);
      for (let i = 0; i < 20; i++) if ((await sut.take('interactive', s)).allowed) general++;
    }
    expect(general).toBe(EBAY_DEFAULT.burst - reservedBurst);
    const refused = await sut.take('interactive', anonymous('192.0.2.77'));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect((await sut.take('interactive', tracker('u-1'))).allowed).toBe(true);
    // Calls without a spender (pollers, jobs) are not shoppers: unchanged by the floor.
    expect((await sut.take('interactive')).allowed).toBe(true);
  });

  it('keeps the reserved part of the day for them too', async () => {
    const small = splitBudget(300, 0.3, 1);
    const { sut } = setup(small);
    const { reservedDaily } = fairShareLimits(small);
    let general = 0;
    for (let n = 0; n < 300; n++)
      if ((await sut.take('interactive', anonymous(`10.${n >> 8}.${n & 255}.1`))).allowed) general++;
    expect(general).toBe(small.interactive - reservedDaily);
    expect((await sut.take('interactive', tracker('u-1'))).allowed).toBe(true);
  });

  it('holds back a fifth of a per-second limit, at least one call', () => {
    expect(reservedPerWindow(10)).toBe(2);
    expect(reservedPerWindow(3)).toBe(1);
    expect(reservedPerWindow(1)).toBe(0);
  });

  it('with the defaults, 50 addresses attacking for an hour never bring a tracking user’s eBay search to quota', async () => {
    const { sut, advance } = setup();
    const attackers = Array.from({ length: 50 }, (_, n) => anonymous(`100.${n}.7.9`));
    const victim = tracker('victim');
    const bystander = anonymous('192.0.2.50');
    const perMinute: Array<{ attacker: number; victim: boolean; bystander: boolean }> = [];
    for (let minute = 0; minute < 60; minute++) {
      let attacker = 0;
      // Each attacker at its request limit: one request a second, each costing one eBay call.
      for (let second = 0; second < 60; second++) {
        for (const a of attackers) if ((await sut.take('interactive', a)).allowed) attacker++;
        advance(1000);
      }
      const v = (await sut.take('interactive', victim)).allowed;
      const b = (await sut.take('interactive', bystander)).allowed;
      perMinute.push({ attacker, victim: v, bystander: b });
    }
    expect(perMinute.every((m) => m.victim)).toBe(true);
    // An anonymous bystander is one of the crowd: once the crowd's part is spent it gets cached answers.
    expect(perMinute.filter((m) => m.bystander).length).toBeLessThan(60);
    // The attackers get what the burst above the floor holds, then the refill, never the floor.
    const spent = perMinute.reduce((n, m) => n + m.attacker, 0);
    const refillPerHour = EBAY_DEFAULT.interactive / 24;
    expect(spent).toBeLessThanOrEqual(EBAY_DEFAULT.burst - 175 + refillPerHour + 1);
    process.stdout.write(
      `[fair-share] eBay defaults, 50 attackers x 1 req/s for 60 min: attackers' calls per minute ${perMinute
        .map((m) => m.attacker)
        .join(',')}; tracking user ok ${perMinute.filter((m) => m.victim).length}/60; ` +
        `anonymous bystander ok ${perMinute.filter((m) => m.bystander).length}/60\n`,
    );
  });
});
