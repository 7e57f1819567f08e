/**
 * The shared state of several BFF instances, in Redis (ioredis). Two connections: one for
 * commands, one subscribed to the bus channels. Both must be up for the state to be available.
 *
 * When Redis goes away nothing blocks: commands fail at once (no offline queue) or after
 * `commandTimeoutMs`; rate limits fall back to per-instance counters; list pushes wait in order
 * (bounded) and are written when Redis returns; bus, topics and once-sets throw
 * `SharedStateUnavailableError` so their callers can keep what they must (the event outbox).
 * ioredis reconnects by itself; availability listeners hear both transitions.
 */
import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { FailureLimiter, TokenBucketLimiter } from './memory-limits.ts';
import { deliverToAll } from './memory-state.ts';
import {
  type CapOptions,
  type FailureWindows,
  type LimitDecision,
  type MessageBus,
  type OnceSet,
  type RecentLists,
  type ReplayTopic,
  type SharedState,
  SharedStateUnavailableError,
  type SharedStateStatus,
  type TokenBuckets,
} from './shared-state.ts';

export interface RedisStateOptions {
  url: string;
  /** Prefix of every key and channel (several apps can share one Redis). */
  prefix?: string;
  /** A command unanswered after this long fails (and the caller falls back). */
  commandTimeoutMs?: number;
  /** How long `connect` waits for the first connection before going on unavailable. */
  connectTimeoutMs?: number;
  /** List pushes kept while Redis is down, at most. */
  pendingLimit?: number;
  now?: () => number;
}

/** Token bucket on Redis time: refill since the last take, then take one if there is one. */
const TAKE_TOKEN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
if allowed == 1 then return 0 end
return math.max(1, math.ceil((1 - tokens) / rate))
`;

/** Sliding window of failures (a sorted set scored by Redis time): ms until allowed, 0 if now. */
const CHECK_FAILURES = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < max then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

const RECORD_FAILURE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

interface ScriptCommands {
  cutroomTakeToken(key: string, ratePerMs: number, burst: number): Promise<number>;
  cutroomCheckFailures(key: string, windowMs: number, max: number): Promise<number>;
  cutroomRecordFailure(key: string, windowMs: number, member: string): Promise<number>;
}

type Listener = (message: string) => void;

interface PendingPush {
  key: string;
  item: string;
  cap: CapOptions;
}

const unavailable = (error: unknown): SharedStateUnavailableError =>
  error instanceof SharedStateUnavailableError
    ? error
    : new SharedStateUnavailableError(
        `Redis: ${error instanceof Error ? error.message : String(error)}`,
      );

export class RedisState implements SharedState {
  readonly kind = 'redis';
  readonly bus: MessageBus;
  private readonly commands: Redis & ScriptCommands;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly now: () => number;
  private readonly pendingLimit: number;
  private readonly channels = new Map<string, Set<Listener>>();
  private readonly availabilityListeners = new Set<(available: boolean) => void>();
  private readonly pending: PendingPush[] = [];
  private droppedPushes = 0;
  private commandsReady = false;
  private subscriberReady = false;
  private isAvailable = false;
  private lastError: string | undefined;
  private flushing = false;
  private closed = false;

  private constructor(options: RedisStateOptions) {
    this.prefix = options.prefix ?? 'cutroom:';
    this.now = options.now ?? Date.now;
    this.pendingLimit = options.pendingLimit ?? 10_000;
    const redisOptions: RedisOptions = {
      lazyConnect: true,
      // Fail at once while disconnected rather than queue behind a dead connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: options.connectTimeoutMs ?? 2_000,
      autoResubscribe: false,
      retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
      // Concurrent commands (one per proxied request) share round trips.
      enableAutoPipelining: true,
    };
    this.commands = new Redis(options.url, redisOptions) as Redis & ScriptCommands;
    this.subscriber = new Redis(options.url, redisOptions);
    this.commands.defineCommand('cutroomTakeToken', { numberOfKeys: 1, lua: TAKE_TOKEN });
    this.commands.defineCommand('cutroomCheckFailures', { numberOfKeys: 1, lua: CHECK_FAILURES });
    this.commands.defineCommand('cutroomRecordFailure', { numberOfKeys: 1, lua: RECORD_FAILURE });

    for (const [client, which] of [
      [this.commands, 'commands'],
      [this.subscriber, 'subscriber'],
    ] as const) {
      client.on('error', (error: Error) => {
        this.lastError = `${which}: ${error.message}`;
      });
      client.on('close', () => {
        if (!this.closed) this.lastError = `${which}: connection closed`;
        if (which === 'commands') this.commandsReady = false;
        else this.subscriberReady = false;
        this.update();
      });
    }
    this.commands.on('ready', () => {
      this.commandsReady = true;
      this.update();
    });
    this.subscriber.on('ready', () => {
      void this.resubscribe();
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      deliverToAll(this.channels.get(channel) ?? [], message);
    });

    this.bus = {
      publish: async (channel, message) => {
        await this.run((redis) => redis.publish(this.channel(channel), message));
      },
      subscribe: (channel, listener) => this.listen(this.channel(channel), listener),
    };
  }

  /**
   * Connects both clients, waiting at most `connectTimeoutMs`; an unreachable Redis does not stop
   * the start (the state is unavailable until ioredis reconnects).
   */
  static async connect(options: RedisStateOptions): Promise<RedisState> {
    const state = new RedisState(options);
    const limit = options.connectTimeoutMs ?? 2_000;
    await Promise.race([
      Promise.allSettled([state.commands.connect(), state.subscriber.connect()]),
      new Promise((resolve) => setTimeout(resolve, limit).unref()),
    ]);
    if (state.subscriber.status === 'ready') await state.resubscribe();
    return state;
  }

  get available(): boolean {
    return this.isAvailable;
  }

  status(): SharedStateStatus {
    return {
      kind: 'redis',
      available: this.isAvailable,
      ...(this.isAvailable || this.lastError === undefined ? {} : { detail: this.lastError }),
    };
  }

  onAvailability(listener: (available: boolean) => void): () => void {
    this.availabilityListeners.add(listener);
    return () => this.availabilityListeners.delete(listener);
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.commands.ping()) === 'PONG' && this.isAvailable;
    } catch {
      return false;
    }
  }

  topic(name: string, cap: CapOptions): ReplayTopic {
    const channel = this.channel(`topic:${name}`);
    const listKey = (key: string) => this.key(`topic:${name}:${key}`);
    return {
      publish: async (key, message) => {
        const envelope = JSON.stringify({ k: key, m: message });
        await this.run(async (redis) => {
          const results = await redis
            .multi()
            .rpush(listKey(key), message)
            .ltrim(listKey(key), -cap.maxItems, -1)
            .pexpire(listKey(key), cap.ttlMs)
            .publish(channel, envelope)
            .exec();
          const failed = results?.find(([error]) => error !== null);
          if (!results || failed) throw failed?.[0] ?? new Error('transaction aborted');
        });
      },
      subscribe: (listener) =>
        this.listen(channel, (envelope) => {
          const { k, m } = JSON.parse(envelope) as { k: string; m: string };
          listener(k, m);
        }),
      history: (key) => this.run((redis) => redis.lrange(listKey(key), 0, -1)),
    };
  }

  onceSet(name: string, ttlMs: number): OnceSet {
    return {
      add: async (id) =>
        (await this.run((redis) =>
          redis.set(this.key(`once:${name}:${id}`), '1', 'PX', ttlMs, 'NX'),
        )) === 'OK',
    };
  }

  tokenBuckets(name: string, ratePerSecond: number, burst: number): TokenBuckets {
    const local = new TokenBucketLimiter(ratePerSecond, burst, this.now);
    return {
      take: (key) =>
        this.withFallback(
          async (redis) => {
            const waitMs = await redis.cutroomTakeToken(
              this.key(`bucket:${name}:${key}`),
              ratePerSecond / 1000,
              burst,
            );
            return decision(waitMs);
          },
          () => local.take(key),
        ),
    };
  }

  failureWindows(name: string, maxFailures: number, windowMs: number): FailureWindows {
    const local = new FailureLimiter(maxFailures, windowMs, this.now);
    const key = (k: string) => this.key(`failures:${name}:${k}`);
    return {
      check: (k) =>
        this.withFallback(
          async (redis) =>
            decision(await redis.cutroomCheckFailures(key(k), windowMs, maxFailures)),
          () => local.check(k),
        ),
      record: (k) =>
        this.withFallback(
          async (redis) => {
            await redis.cutroomRecordFailure(key(k), windowMs, randomBytes(8).toString('hex'));
          },
          () => local.recordFailure(k),
        ),
      reset: (k) =>
        this.withFallback(
          async (redis) => {
            await redis.del(key(k));
            local.reset(k);
          },
          () => local.reset(k),
        ),
    };
  }

  recentLists(name: string, cap: CapOptions): RecentLists {
    const listKey = (key: string) => this.key(`list:${name}:${key}`);
    return {
      push: async (key, item) => {
        const push = { key: listKey(key), item, cap };
        if (this.pending.length === 0 && this.isAvailable) {
          try {
            await this.writePush(push);
            return;
          } catch {
            // Kept below and written by the next flush.
          }
        }
        this.keep(push);
      },
      range: (key) => this.run((redis) => redis.lrange(listKey(key), 0, -1)),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.commands.quit(), this.subscriber.quit()]);
    this.commands.disconnect();
    this.subscriber.disconnect();
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  private channel(name: string): string {
    return `${this.prefix}bus:${name}`;
  }

  private async run<T>(command: (redis: Redis & ScriptCommands) => Promise<T>): Promise<T> {
    if (!this.isAvailable) throw new SharedStateUnavailableError(this.lastError);
    try {
      return await command(this.commands);
    } catch (error) {
      throw unavailable(error);
    }
  }

  private async withFallback<T>(
    command: (redis: Redis & ScriptCommands) => Promise<T>,
    fallback: () => T,
  ): Promise<T> {
    if (!this.isAvailable) return fallback();
    try {
      return await command(this.commands);
    } catch {
      return fallback();
    }
  }

  private listen(channel: string, listener: Listener): () => void {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      if (this.subscriber.status === 'ready') {
        this.subscriber.subscribe(channel).catch((error: Error) => {
          this.lastError = `subscribe: ${error.message}`;
        });
      }
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.channels.delete(channel);
      if (this.subscriber.status === 'ready') this.subscriber.unsubscribe(channel).catch(() => {});
    };
  }

  /** After (re)connecting: subscribe to every channel in use, then count the subscriber ready. */
  private async resubscribe(): Promise<void> {
    try {
      if (this.channels.size > 0) await this.subscriber.subscribe(...this.channels.keys());
      this.subscriberReady = this.subscriber.status === 'ready';
    } catch (error) {
      this.lastError = `subscribe: ${error instanceof Error ? error.message : String(error)}`;
      this.subscriberReady = false;
    }
    this.update();
  }

  private update(): void {
    const available = !this.closed && this.commandsReady && this.subscriberReady;
    if (available === this.isAvailable) return;
    this.isAvailable = available;
    if (available) void this.flushPending();
    deliverToAll(this.availabilityListeners, available);
  }

  private keep(push: PendingPush): void {
    if (this.pending.length >= this.pendingLimit) {
      this.pending.shift();
      this.droppedPushes += 1;
    }
    this.pending.push(push);
    if (this.isAvailable) void this.flushPending();
  }

  /** Pending pushes dropped because more than `pendingLimit` waited for Redis. */
  get droppedPendingPushes(): number {
    return this.droppedPushes;
  }

  get pendingPushes(): number {
    return this.pending.length;
  }

  private writePush(push: PendingPush): Promise<unknown> {
    return this.commands
      .multi()
      .rpush(push.key, push.item)
      .ltrim(push.key, -push.cap.maxItems, -1)
      .pexpire(push.key, push.cap.ttlMs)
      .exec();
  }

  /** Writes the pushes kept while Redis was down, in order; stops at the first failure. */
  private async flushPending(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0 && this.isAvailable) {
        await this.writePush(this.pending[0] as PendingPush);
        this.pending.shift();
      }
    } catch (error) {
      this.lastError = `flush: ${error instanceof Error ? error.message : String(error)}`;
      // Still connected: try again shortly (a lost connection retries on reconnect).
      setTimeout(() => {
        if (this.isAvailable && this.pending.length > 0) void this.flushPending();
      }, 1_000).unref();
    } finally {
      this.flushing = false;
    }
  }
}

function decision(waitMs: number): LimitDecision {
  return waitMs <= 0
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
