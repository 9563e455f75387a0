import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { LimitedKey, RateLimitDecision, RateLimiter, TokenBucket } from './rate-limiter.port';

export interface RedisRateLimiterOptions {
  /** Told once when Redis stops answering and once when it answers again. */
  onOutage?: (down: boolean, error?: unknown) => void;
}

// The library's store counts whole seconds (EX) and leaves a window under one second without any
// expiry; our windows are milliseconds (the sign-in slot holds for less than a second in tests).
// So the Redis limiter is given the window in ms where the library says seconds, and this script,
// its own INCR-with-TTL in one round trip, reads ARGV[2] as ms (PX).
const INCR_PX_SCRIPT = `
redis.call('SET', KEYS[1], 0, 'PX', ARGV[2], 'NX')
local consumed = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {consumed, ttl}
`;

// \`hit\` for several keys in one round trip (the gateway counts per address and per user on every
// request), which the library cannot do: INCR_PX_SCRIPT per key in turn on the same keys and values
// as the library's limiter (ARGV[1] the window in ms, ARGV[i + 1] the limit of KEYS[i]), stopping
// after the first key over its limit. {count, ttl} per key counted.
const HIT_EACH_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  redis.call('SET', key, 0, 'PX', ARGV[1], 'NX')
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl == -1 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[#out + 1] = count
  out[#out + 1] = ttl
  if count > tonumber(ARGV[i + 1]) then break end
end
return out
`;

// A token bucket as a hash {tokens, at} on Redis's own clock (TIME), so every process agrees on
// the refill whatever its local clock says. The key expires once the bucket would be full again.
// Ours, not the library's: it has fixed windows and bursts of two windows, not a bucket refilling
// continuously at a fractional rate with a floor kept back (`keep`).
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local keep = tonumber(ARGV[4]) or 0
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil then tokens = capacity; at = now end
local elapsed = now - at
if elapsed < 0 then elapsed = 0 end
tokens = math.min(capacity, tokens + elapsed * rate)
local allowed = 0
local retry = 0
if tokens >= cost + keep then
  tokens = tokens - cost
  allowed = 1
elseif rate > 0 and cost + keep <= capacity then
  retry = math.ceil((cost + keep - tokens) / rate)
else
  retry = -1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
local ttl = 86400000
if rate > 0 then ttl = math.ceil((capacity - tokens) / rate) + 1000 end
redis.call('PEXPIRE', KEYS[1], ttl)
return {allowed, math.floor(tokens), retry}
`;

/** Our scripts as ioredis commands: EVALSHA per call, the script itself only after NOSCRIPT. */
interface ScriptedRedis extends Redis {
  /** Keys first (their count, then the keys), then the window and each key's limit. */
  rateLimitHitEach(...args: (string | number)[]): Promise<number[]>;
  rateLimitTake(
    key: string,
    capacity: string,
    refillPerMs: string,
    cost: string,
    keep: string,
  ): Promise<[number, number, number]>;
}

/** One limit (hits per window): counted in Redis, and in this process's memory while Redis is down. */
interface WindowLimiter {
  shared: RateLimiterRedis;
  insurance: RateLimiterMemory;
}

/**
 * Counts shared by every process through Redis: fixed windows on rate-limiter-flexible (and
 * `hitEach` on the same keys in one round trip, our script), token buckets on our own script. While Redis is down it never lets every call through: each process
 * falls back to the same limits counted in its own memory (the library's insurance limiter for
 * windows, our memory limiter for buckets), a conservative limit per process, and returns to the
 * shared counts as soon as Redis answers.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: ScriptedRedis;
  private readonly windows = new Map<string, WindowLimiter>();
  private readonly bucketFallback = new MemoryRateLimiter();
  private down = false;

  constructor(
    url: string,
    private readonly prefix = 'ratelimit',
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    // Few retries and no offline queue: a hit must decide now, not wait for Redis to return.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) as ScriptedRedis;
    // Sent by hash: the gateway hits the limiter on every request, and the script text would be
    // most of each command's bytes (bench:gateway, distributed).
    this.redis.defineCommand('rateLimitHitEach', { lua: HIT_EACH_SCRIPT });
    this.redis.defineCommand('rateLimitTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    // Connection errors surface on the commands (and the fallback takes over); one listener keeps
    // ioredis from printing "Unhandled error event" on every reconnect attempt.
    this.redis.on('error', () => undefined);
    this.redis.on('ready', () => this.noteRedis(false));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    let res: RateLimiterRes;
    try {
      res = await this.window(limit, windowMs).shared.consume(key);
    } catch (refused) {
      // A refusal comes as a rejected RateLimiterRes; anything else is an error of the insurance.
      if (!(refused instanceof RateLimiterRes)) throw refused;
      res = refused;
    }
    return decide(limit, res.consumedPoints, res.msBeforeNext);
  }

  async hitEach(hits: readonly LimitedKey[], windowMs: number): Promise<RateLimitDecision[]> {
    if (hits.length === 0) return [];
    let reply: number[];
    try {
      if (this.redis.status !== 'ready') throw new Error('Redis connection is not ready');
      reply = await this.redis.rateLimitHitEach(
        hits.length,
        ...hits.map(({ key }) => `${this.prefix}:${key}`),
        windowMs,
        ...hits.map(({ limit }) => limit),
      );
    } catch {
      // Redis down: one hit at a time, each on its limiter's in-memory insurance (and noted there).
      const decisions: RateLimitDecision[] = [];
      for (const { key, limit } of hits) {
        const decision = await this.hit(key, limit, windowMs);
        decisions.push(decision);
        if (!decision.allowed) break;
      }
      return decisions;
    }
    const decisions: RateLimitDecision[] = [];
    for (let i = 0; i < reply.length / 2; i++) {
      const { limit } = hits[i]!;
      decisions.push(decide(limit, reply[2 * i]!, reply[2 * i + 1]!));
    }
    return decisions;
  }

  async take(key: string, bucket: TokenBucket, cost = 1, keep = 0): Promise<RateLimitDecision> {
    let reply: [number, number, number];
    try {
      reply = await this.redis.rateLimitTake(
        `${this.prefix}:bucket:${key}`,
        String(bucket.capacity),
        String(bucket.refillPerMs),
        String(cost),
        String(Math.max(0, keep)),
      );
      this.noteRedis(false);
    } catch (error) {
      // Redis down: the same bucket counted in this process, never "let every call through".
      this.noteRedis(true, error);
      return this.bucketFallback.take(key, bucket, cost, keep);
    }
    const [allowed, remaining, retry] = reply;
    return {
      allowed: allowed === 1,
      remaining,
      retryAfterMs: allowed === 1 ? 0 : retry < 0 ? Number.MAX_SAFE_INTEGER : retry,
    };
  }

  async peek(key: string): Promise<number> {
    // Every window limiter reads the same key; any one of them (or none yet: nothing counted).
    const [limiter] = this.windows.values();
    if (!limiter) return this.readCount(key);
    return (await limiter.shared.get(key))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.bucketFallback.reset(key);
    for (const { insurance } of this.windows.values()) await insurance.delete(key);
    await this.redis.del(`${this.prefix}:${key}`, `${this.prefix}:bucket:${key}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.bucketFallback.close();
    this.windows.clear();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** A key counted before any window limiter exists (another process's hits): read it directly. */
  private async readCount(key: string): Promise<number> {
    try {
      return Number((await this.redis.get(`${this.prefix}:${key}`)) ?? 0);
    } catch {
      return 0;
    }
  }

  // The library fixes the limit and the window per limiter; the count itself is keyed by `key`
  // alone, so limiters for different limits share it (as `hit` with another limit always did).
  private window(limit: number, windowMs: number): WindowLimiter {
    const id = `${limit}:${windowMs}`;
    let limiter = this.windows.get(id);
    if (!limiter) {
      const insurance = new PerProcessInsurance({ points: limit, duration: windowMs / 1000 }, (error) =>
        this.noteRedis(true, error),
      );
      const shared = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: this.prefix,
        points: limit,
        duration: windowMs, // ms, read as such by INCR_PX_SCRIPT
        customIncrTtlLuaScript: INCR_PX_SCRIPT,
        rejectIfRedisNotReady: true,
        insuranceLimiter: insurance,
      });
      limiter = { shared, insurance };
      this.windows.set(id, limiter);
    }
    return limiter;
  }

  private noteRedis(down: boolean, error?: unknown): void {
    if (down === this.down) return;
    this.down = down;
    this.options.onOutage?.(down, error);
  }
}

/** A window's count after this hit and the ms left in it, as the port's decision. */
function decide(limit: number, count: number, msLeft: number): RateLimitDecision {
  const allowed = count <= limit;
  return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : Math.max(msLeft, 0) };
}

/**
 * The in-memory insurance of a window limiter. The library calls it only when Redis failed, so
 * its first use is how this process learns that Redis is down (recovery is the client's "ready").
 */
class PerProcessInsurance extends RateLimiterMemory {
  constructor(
    options: { points: number; duration: number },
    private readonly onFallback: (error?: unknown) => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    this.onFallback(new Error('Redis did not answer a rate-limit hit'));
    return super.consume(key, points, options);
  }
}
