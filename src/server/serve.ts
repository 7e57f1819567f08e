/**
 * `npm start`, once start.ts has started the simulator thread: reads the configuration, checks the
 * client build and its secrets, builds the BFF, serves on PORT, registers the demo webhooks, and
 * shuts down gracefully on SIGINT/SIGTERM. start.ts imports this (most of the server) only after
 * starting the simulator, so that the two load at once on two cores.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildBff } from './app/app.ts';
import { buildClient, clientBuildNeeded, filesContainingSecrets } from './static/client-build.ts';
import { ConfigError, loadConfig } from './app/config.ts';
import { registerDemoWebhooks } from './webhooks/demo-webhooks.ts';
import { shutdownGracefully } from './app/graceful-shutdown.ts';
import { LineBatcher } from './observability/line-batcher.ts';
import { DEMO_KEYS } from '../shared-rules/demo-workspaces.ts';
import { DEFAULT_WEBHOOK_SECRET } from './simulator/simulator-env.ts';
import type { SimulatorHandle } from './simulator/simulator-thread.ts';
import { preloadUpstreamTransport } from './proxy/upstream-client.ts';
import { WEBHOOK_PATH } from './webhooks/receiver.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const say = (line: string): void => console.log(`[cutroom] ${line}`);

/** An http URL that reaches the server on loopback, from one of its bound addresses. */
function loopbackOrigin(addresses: ReadonlyArray<string | AddressInfo>): string {
  const first = addresses.find((entry): entry is AddressInfo => typeof entry !== 'string');
  if (!first) throw new Error('The server is not listening.');
  const { address, family, port } = first;
  if (family === 'IPv6') return `http://[${address === '::' ? '::1' : address}]:${port}`;
  return `http://${address === '0.0.0.0' ? '127.0.0.1' : address}:${port}`;
}

/** `simulatorStarting`: the embedded simulator, started when no service is configured. */
export async function serve(
  simulatorStarting: Promise<SimulatorHandle> | undefined,
): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[cutroom] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if ((config.upstream.kind === 'simulator') !== (simulatorStarting !== undefined)) {
    throw new Error('start.ts and config.ts disagree on whether the simulator runs.');
  }

  const build = await clientBuildNeeded(root, config.staticDir);
  if (build.needed) {
    say(`building the client (${build.reason})...`);
    try {
      await buildClient(root, config.staticDir);
    } catch (error) {
      console.error('[cutroom] the client build failed:', error);
      const previous = existsSync(join(config.staticDir, 'index.html'));
      say(previous ? 'serving the previous build' : 'serving the API without the client');
    }
  }
  const secrets = [
    config.apiKey,
    // The demo keys are chosen server-side; they must never be compiled into the client either.
    ...Object.values(DEMO_KEYS),
    ...(config.sessionSecretGenerated ? [] : config.sessionSecrets),
    config.webhookSecret === DEFAULT_WEBHOOK_SECRET ? undefined : config.webhookSecret,
  ].filter((secret): secret is string => secret !== undefined);
  const leaking = await filesContainingSecrets(config.staticDir, secrets);
  if (leaking.length > 0) {
    console.error(`[cutroom] refusing to serve: a server secret is in ${leaking.join(', ')}`);
    process.exit(1);
  }

  const simulator = simulatorStarting ? await simulatorStarting : undefined;
  if (simulator) config.upstream.baseUrl = simulator.baseUrl;

  // Loaded only when used: start-up stays short without Redis.
  const sharedState = config.redis
    ? await (
        await import('./shared-state/redis-state.ts')
      ).RedisState.connect({ url: config.redis.url, prefix: config.redis.prefix })
    : undefined;
  if (sharedState && !sharedState.available) {
    say(`Redis is not reachable yet (${sharedState.status().detail ?? 'no answer'}); retrying`);
  }
  // JSON log lines go out in batches (up to 16 KiB, or 100 ms after the first line), not one
  // write per request; SonicBoom writes each batch as it comes. Flushed at exit.
  const logStream = new LineBatcher(pino.destination({ dest: 1, sync: false }));
  process.on('exit', () => {
    try {
      logStream.flushSync();
    } catch {
      // Nothing more can be done at exit.
    }
  });
  const app = await buildBff(config, { logStream, ...(sharedState ? { sharedState } : {}) });
  // Opened (and migrated) beside the start-up, not before it: requests that need it wait for it.
  void app.database.start();
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    // The bound: in-flight requests get SHUTDOWN_TIMEOUT_MS, the rest of the close a little more.
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 2_000).unref();
    try {
      const { forced } = await shutdownGracefully(app, { timeoutMs: config.shutdownTimeoutMs });
      if (forced) say('closed connections still open at the shutdown time-out');
      await simulator?.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const loopback = loopbackOrigin(app.addresses());
  const port = new URL(loopback).port;

  const url = config.publicUrl ?? `http://localhost:${port}`;
  const cpu = process.cpuUsage();
  say(
    `ready at ${url} in ${Math.round(performance.now())} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU ` +
      `(upstream: ${simulator ? `simulator at ${simulator.baseUrl}` : config.upstream.baseUrl}; ` +
      `shared state: ${config.redis ? 'Redis' : 'in process'}; ` +
      `database: ${config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'Postgres (DATABASE_URL)'})`,
  );
  // The upstream client's library loads now, off the start-up path (it is ~170 ms of CPU).
  void preloadUpstreamTransport().catch((error: unknown) =>
    app.log.error({ err: error }, 'could not load the HTTP client'),
  );

  if (simulator) {
    simulator.warmValidators();
    // Serving already; the simulator learns where to send its events right after.
    const receiverUrl = `${config.publicUrl ?? loopback}${WEBHOOK_PATH}`;
    const results = await registerDemoWebhooks({
      baseUrl: simulator.baseUrl,
      receiverUrl,
      apiKeys: [DEMO_KEYS.paid, DEMO_KEYS.free],
    });
    for (const result of results.filter((r) => !r.ok)) {
      say(
        `webhook registration failed for ${result.organizationId ?? 'a demo workspace'}: ${result.detail}`,
      );
    }
  }
}
