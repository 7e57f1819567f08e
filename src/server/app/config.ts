import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseConfig } from '../db/database.ts';
import { DEFAULT_WEBHOOK_SECRET } from '../simulator/simulator-env.ts';

export type UpstreamKind = 'simulator' | 'remote';

export interface BffConfig {
  port: number;
  host: string;
  upstream: {
    kind: UpstreamKind;
    /** The service base, ending in `/v1` (no trailing slash); set by start.ts for the simulator. */
    baseUrl: string | undefined;
  };
  /** Server-side key used by the demo login when the upstream is remote. */
  apiKey: string | undefined;
  /** The first seals, all unseal. */
  sessionSecrets: string[];
  sessionSecretGenerated: boolean;
  webhookSecret: string;
  upstreamTimeoutMs: number;
  /** Origin (and path prefix) the browser uses; decides https, `__Host-` and the webhook URL. */
  publicUrl: string | undefined;
  sessionTtlSeconds: number;
  staticDir: string;
  /** Another contract to allow-list (default: src/api/openapi.yaml, generated in). */
  openapiPath: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  sseHeartbeatMs: number;
  /**
   * The BFF's database (notes, decisions, names, the audit trail): a Postgres server when
   * `DATABASE_URL` is set, else the embedded PGlite in `CUTROOM_DATA_DIR`.
   */
  database: DatabaseConfig;
  /** Audit entries older than this many days are deleted. */
  auditRetentionDays: number;
  /** Shared state of several instances; unset: everything stays in this process. */
  redis: { url: string; prefix: string } | undefined;
  /** Longest a graceful shutdown waits for in-flight requests before closing them. */
  shutdownTimeoutMs: number;
  /** When set, `GET /metrics` needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  limits: {
    /** The BFF's own JSON bodies (sessions, notes, webhooks). */
    bodyBytes: number;
    /**
     * Bodies forwarded to the service: a timeline batch of 5,000 operations whose restores carry
     * whole items and their caption words (the undo of a large clean-up) runs to megabytes.
     */
    proxyBodyBytes: number;
    loginFailuresPerMinute: number;
    apiRatePerSecond: number;
    apiBurst: number;
  };
  /** HTTP server time-outs against slow clients. */
  timeouts: {
    headersMs: number;
    requestMs: number;
    connectionMs: number;
    keepAliveMs: number;
    checkIntervalMs: number;
  };
  /** Problems worth a warning at start-up (e.g. a generated session secret). */
  warnings: string[];
}

const MIN_SECRET_LENGTH = 32;

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.search === '' &&
        url.hash === '' &&
        url.username === '' &&
        url.password === ''
      );
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without query, fragment or credentials')
  .transform((value) => value.replace(/\/+$/, ''));

const emptyAsUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('localhost')),
  VCS_BASE_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  VCS_API_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{8,512}$/, 'must be 8 to 512 printable characters')
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  VCS_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(8).default(DEFAULT_WEBHOOK_SECRET),
  ),
  UPSTREAM_TIMEOUT_MS: positiveInt(30_000),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  SESSION_TTL_SECONDS: positiveInt(8 * 60 * 60),
  STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  OPENAPI_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('false')),
  SSE_HEARTBEAT_MS: positiveInt(15_000),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          return ['redis:', 'rediss:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, colons, - or _')
      .default('cutroom:'),
  ),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  CUTROOM_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  AUDIT_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(36_500).default(400),
  ),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const repoPath = (relative: string): string =>
  fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

/** Reads the BFF configuration from an environment (process.env in production). */
export function loadConfig(env: Record<string, string | undefined>): BffConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const values = parsed.data;
  const warnings: string[] = [];

  let sessionSecrets = (values.SESSION_SECRET ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
  const sessionSecretGenerated = sessionSecrets.length === 0;
  if (sessionSecretGenerated) {
    sessionSecrets = [randomBytes(32).toString('base64url')];
    warnings.push(
      'SESSION_SECRET is not set: generated a random one, so sessions end when the server restarts.',
    );
  } else if (sessionSecrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
    throw new ConfigError(
      `Invalid configuration: SESSION_SECRET: each secret must be at least ${MIN_SECRET_LENGTH} characters`,
    );
  }

  if (values.REDIS_URL !== undefined && sessionSecretGenerated) {
    warnings.push(
      'REDIS_URL is set but SESSION_SECRET is not: each instance generated its own, so a session opened on one is refused by the others.',
    );
  }
  if (values.REDIS_URL !== undefined && values.DATABASE_URL === undefined) {
    warnings.push(
      'REDIS_URL is set but DATABASE_URL is not: each instance keeps its own notes and audit trail (PGlite); point every instance at one Postgres server with DATABASE_URL.',
    );
  }
  if (values.VCS_WEBHOOK_SECRET === DEFAULT_WEBHOOK_SECRET && values.VCS_BASE_URL !== undefined) {
    warnings.push('VCS_WEBHOOK_SECRET is the public demo default; set it for a real deployment.');
  }

  return {
    port: values.PORT,
    host: values.HOST,
    upstream: {
      kind: values.VCS_BASE_URL === undefined ? 'simulator' : 'remote',
      baseUrl: values.VCS_BASE_URL,
    },
    apiKey: values.VCS_API_KEY,
    sessionSecrets,
    sessionSecretGenerated,
    webhookSecret: values.VCS_WEBHOOK_SECRET,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    publicUrl: values.PUBLIC_URL,
    sessionTtlSeconds: values.SESSION_TTL_SECONDS,
    staticDir: values.STATIC_DIR ?? repoPath('dist'),
    openapiPath: values.OPENAPI_PATH,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY === 'true' || values.TRUST_PROXY === '1',
    sseHeartbeatMs: values.SSE_HEARTBEAT_MS,
    redis:
      values.REDIS_URL === undefined
        ? undefined
        : { url: values.REDIS_URL, prefix: values.REDIS_PREFIX },
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    database:
      values.DATABASE_URL === undefined
        ? { kind: 'pglite', dataDir: resolve(values.CUTROOM_DATA_DIR ?? repoPath('.cutroom/data')) }
        : { kind: 'postgres', url: values.DATABASE_URL },
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    metricsToken: values.METRICS_TOKEN,
    limits: {
      bodyBytes: 1024 * 1024,
      proxyBodyBytes: 8 * 1024 * 1024,
      loginFailuresPerMinute: 5,
      apiRatePerSecond: 50,
      apiBurst: 200,
    },
    timeouts: {
      headersMs: 10_000,
      requestMs: 60_000,
      connectionMs: 75_000,
      // Longer than the idle time of what sits in front (load balancers idle at 60 s) and of
      // clients' pooled sockets: the side that closes an idle socket first races a request sent on
      // it, which then fails with a reset.
      keepAliveMs: 65_000,
      checkIntervalMs: 5_000,
    },
    warnings,
  };
}

/** True when the app is served over https (decided by PUBLIC_URL). */
export function isHttps(config: Pick<BffConfig, 'publicUrl'>): boolean {
  return config.publicUrl?.startsWith('https:') ?? false;
}

/** Demo login is possible with the simulator (its demo keys) or a configured server-side key. */
export function isDemoAvailable(config: Pick<BffConfig, 'upstream' | 'apiKey'>): boolean {
  return config.upstream.kind === 'simulator' || config.apiKey !== undefined;
}
