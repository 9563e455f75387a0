import Redis from 'ioredis';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { LimitedKey, RateLimitDecision, RateLimiter, TokenBucket } from './rate-limiter.port';

// INCR and the expiry in one round trip, atomically: the first hit of a window sets its TTL.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

// HIT_SCRIPT for each key in turn (ARGV[1] the window, ARGV[i + 1] the limit of KEYS[i]), stopping
// after the first key over its limit: {count, ttl} per key counted.
const HIT_EACH_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = redis.call('PTTL', key)
  if count > tonumber(ARGV[i + 1]) then break end
end
return out
`;

export interface RedisRateLimiterOptions {
  /** Told once when Redis stops answering and once when it answers again. */
  onOutage?: (down: boolean, error?: unknown) => void;
}

/**
 * Counts shared by every process through Redis. While Redis is down it never lets every call
 * through: each process falls back to the same limits counted in its own memory (a conservative
 * limit per process), and returns to the shared counts as soon as Redis answers.
 */

// A token bucket as a hash {tokens, at} on Redis's own clock (TIME), so every process agrees on
// the refill whatever its local clock says. The key expires once the bucket would be full again.
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

/** The two scripts as ioredis commands: EVALSHA per call, the script itself only after NOSCRIPT. */
interface ScriptedRedis extends Redis {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
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

export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: ScriptedRedis;
  private readonly fallback = new MemoryRateLimiter();
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
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.defineCommand('rateLimitHitEach', { lua: HIT_EACH_SCRIPT });
    this.redis.defineCommand('rateLimitTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    // Connection errors surface on the commands (and the fallback takes over); one listener keeps
    // ioredis from printing "Unhandled error event" on every reconnect attempt.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    try {
      const [count, ttl] = await this.redis.rateLimitHit(`${this.prefix}:${key}`, windowMs);
      this.noteRedis(false);
      const allowed = count <= limit;
      return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : Math.max(ttl, 0) };
    } catch (error) {
      this.noteRedis(true, error);
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  async hitEach(hits: readonly LimitedKey[], windowMs: number): Promise<RateLimitDecision[]> {
    if (hits.length === 0) return [];
    let reply: number[];
    try {
      reply = await this.redis.rateLimitHitEach(
        hits.length,
        ...hits.map(({ key }) => `${this.prefix}:${key}`),
        windowMs,
        ...hits.map(({ limit }) => limit),
      );
      this.noteRedis(false);
    } catch (error) {
      this.noteRedis(true, error);
      return this.fallback.hitEach(hits, windowMs);
    }
    const decisions: RateLimitDecision[] = [];
    for (let i = 0; i < reply.length / 2; i++) {
      const { limit } = hits[i]!;
      const [count, ttl] = [reply[2 * i]!, reply[2 * i + 1]!];
      const allowed = count <= limit;
      decisions.push({
        allowed,
        remaining: Math.max(0, limit - count),
        retryAfterMs: allowed ? 0 : Math.max(ttl, 0),
      });
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
      return this.fallback.take(key, bucket, cost, keep);
    }
    const [allowed, remaining, retry] = reply;
    return {
      allowed: allowed === 1,
      remaining,
      retryAfterMs: allowed === 1 ? 0 : retry < 0 ? Number.MAX_SAFE_INTEGER : retry,
    };
  }

  async peek(key: string): Promise<number> {
    try {
      const value = await this.redis.get(`${this.prefix}:${key}`);
      return value === null ? 0 : Number(value);
    } catch {
      return this.fallback.peek(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    await this.redis.del(`${this.prefix}:${key}`, `${this.prefix}:bucket:${key}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private noteRedis(down: boolean, error?: unknown): void {
    if (down === this.down) return;
    this.down = down;
    this.options.onOutage?.(down, error);
  }
}
