/**
 * A BFF over a real Redis (a stack of its own: `npm start` with REDIS_URL, on a free port), as one
 * instance behind a load balancer: when Redis goes away the app keeps working and the header says
 * live updates are paused and it polls; when Redis is back, live updates resume by themselves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestRedis, type TestRedis } from '../src/server/test-support/redis-server.ts';
import { expect, signInWithDemo, test } from './fixtures.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
let redis: TestRedis | undefined;
let app: ChildProcess | undefined;
let origin = '';

/** `npm start` (compiled; the suite's web server has built it) on a free loopback port. */
function startApp(redisUrl: string): Promise<string> {
  const child = spawn(process.execPath, ['src/server/launch.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: 'e2e-outage:',
      SESSION_SECRET: 'e2e-redis-outage-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /ready at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    // A start-up failure shows at once, with what the server said.
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  redis = await startTestRedis();
  origin = await startApp(redis.url);
});

test.afterAll(async () => {
  const running = app;
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  await redis?.close();
});

test('Redis stopped: the app keeps working, says live updates are paused, and recovers by itself', async ({
  page,
}) => {
  test.setTimeout(120_000);
  if (!redis) throw new Error('no Redis');
  const status = page.getByRole('status').filter({ hasText: /^(Live updates|Polling|Connecting)/ });
  await signInWithDemo(page, `${origin}/projects`);
  await expect(status).toHaveText('Live updates', { timeout: 15_000 });

  await redis.stop({ crash: true });
  await expect(status).toHaveText(/^Live updates paused · polling every \d+ s$/, {
    timeout: 20_000,
  });
  // The service is still reached through the BFF: a project opens.
  await page.getByRole('list', { name: 'Projects' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Exports' })).toBeVisible();

  await redis.start();
  await expect(status).toHaveText('Live updates', { timeout: 30_000 });
});
