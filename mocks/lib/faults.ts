/**
 * Fault injection: added latency, random 429 (with Retry-After) and random 500 answers, and
 * operations the service lacks (404 for every request to matching paths). Off unless configured. Decisions draw from a seeded generator so a run with the same seed and the same
 * request order injects the same faults.
 */
import type { Rng } from './prng.ts';

export interface FaultConfig {
  /** Added delay before every matching request is answered. */
  latencyMs?: number;
  /** Probability (0..1) of answering 429 rate_limited. */
  rate429?: number;
  /** Probability (0..1) of answering 500 internal_error. */
  rate500?: number;
  /** Value of the Retry-After header on injected 429s (default 1). */
  retryAfterSeconds?: number;
  /** Regex source; only request paths matching it get faults (all paths when absent). */
  paths?: string;
  /**
   * Regex source over request paths: every request to a matching path is answered 404
   * `not_found`, as a service without that operation answers (e.g. `^/faceless/plans$`, the
   * assumed workspace-wide plan listing, whose absence the review queue falls back from).
   */
  notFoundPaths?: string;
  /**
   * Regex source over asset and project names: the first confirmed delete of each matching item
   * fails for that item (a retryable `unavailable` failed_items entry); the next attempt works.
   */
  deleteFailOnce?: string;
  /**
   * Regex source over a clip's source (asset id or video address): the pipeline steps of its
   * clips take CLIP_SLOW_FACTOR times as long (a state a test must see stays on screen longer).
   */
  clipSlow?: string;
}

/** How much longer the steps of a clip whose source matches `clipSlow` take. */
export const CLIP_SLOW_FACTOR = 4;

export type FaultDecision =
  | { kind: 'none'; latencyMs: number }
  | { kind: 'rate_limited'; latencyMs: number; retryAfterSeconds: number }
  | { kind: 'internal_error'; latencyMs: number }
  | { kind: 'not_found'; latencyMs: number };

function parseNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

function clampRate(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.min(1, Math.max(0, value));
}

/**
 * Reads SIM_LATENCY_MS, SIM_RATE_429, SIM_RATE_500, SIM_RETRY_AFTER, SIM_FAULT_PATHS,
 * SIM_NOT_FOUND_PATHS, SIM_DELETE_FAIL_ONCE and SIM_CLIP_SLOW.
 */
export function faultConfigFromEnv(env: Record<string, string | undefined>): FaultConfig {
  const config: FaultConfig = {};
  const latencyMs = parseNumber(env.SIM_LATENCY_MS);
  const rate429 = clampRate(parseNumber(env.SIM_RATE_429));
  const rate500 = clampRate(parseNumber(env.SIM_RATE_500));
  const retryAfterSeconds = parseNumber(env.SIM_RETRY_AFTER);
  if (latencyMs !== undefined && latencyMs > 0) config.latencyMs = latencyMs;
  if (rate429 !== undefined) config.rate429 = rate429;
  if (rate500 !== undefined) config.rate500 = rate500;
  if (retryAfterSeconds !== undefined && retryAfterSeconds >= 0) {
    config.retryAfterSeconds = retryAfterSeconds;
  }
  if (env.SIM_FAULT_PATHS) config.paths = env.SIM_FAULT_PATHS;
  if (env.SIM_NOT_FOUND_PATHS) config.notFoundPaths = env.SIM_NOT_FOUND_PATHS;
  if (env.SIM_DELETE_FAIL_ONCE) config.deleteFailOnce = env.SIM_DELETE_FAIL_ONCE;
  if (env.SIM_CLIP_SLOW) config.clipSlow = env.SIM_CLIP_SLOW;
  return config;
}

export class FaultInjector {
  private config: FaultConfig = {};
  private pathPattern: RegExp | null = null;
  private notFoundPattern: RegExp | null = null;
  private deletePattern: RegExp | null = null;
  private clipSlowPattern: RegExp | null = null;
  /** Items whose one injected delete failure has happened. */
  private readonly failedDeletes = new Set<string>();

  constructor(
    private readonly rng: Rng,
    config: FaultConfig = {},
  ) {
    this.set(config);
  }

  /** Replaces the whole configuration ({} turns faults off). */
  set(config: FaultConfig): void {
    this.config = { ...config };
    this.pathPattern = config.paths ? new RegExp(config.paths) : null;
    this.notFoundPattern = config.notFoundPaths ? new RegExp(config.notFoundPaths) : null;
    this.deletePattern = config.deleteFailOnce ? new RegExp(config.deleteFailOnce) : null;
    this.clipSlowPattern = config.clipSlow ? new RegExp(config.clipSlow) : null;
  }

  /** How many times longer the pipeline steps of a clip from this source take (see clipSlow). */
  clipPace(source: string): number {
    return this.clipSlowPattern?.test(source) ? CLIP_SLOW_FACTOR : 1;
  }

  /** The injected failure of a confirmed delete of this item, or null (see deleteFailOnce). */
  deleteFailure(item: { id: string; name: string }): string | null {
    if (!this.deletePattern?.test(item.name) || this.failedDeletes.has(item.id)) return null;
    this.failedDeletes.add(item.id);
    return 'unavailable: the storage service did not confirm this deletion in time; retry it';
  }

  get(): FaultConfig {
    return { ...this.config };
  }

  /** `path` is the request path below the base URL (e.g. `/projects`). */
  decide(path: string): FaultDecision {
    const { latencyMs = 0, rate429 = 0, rate500 = 0, retryAfterSeconds = 1 } = this.config;
    // A missing operation is missing whatever the other faults say (and draws no random number).
    if (this.notFoundPattern?.test(path)) return { kind: 'not_found', latencyMs: 0 };
    if (this.pathPattern && !this.pathPattern.test(path)) return { kind: 'none', latencyMs: 0 };
    if (rate429 > 0 || rate500 > 0) {
      const roll = this.rng.next();
      if (roll < rate429) return { kind: 'rate_limited', latencyMs, retryAfterSeconds };
      if (roll < rate429 + rate500) return { kind: 'internal_error', latencyMs };
    }
    return { kind: 'none', latencyMs };
  }
}
