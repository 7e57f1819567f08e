/**
 * A BFF over a real Redis (a stack of its own: `npm start` with REDIS_URL, on a free port), as one
 * instance behind a load balancer: when Redis goes away the app keeps working and the header says
 * live updates are paused and it polls; when Redis is back, live updates resume by themselves.
 */
import { startTestRedis, type TestRedis } from '../src/server/test-support/redis-server.ts';
import { expect, signInWithDemo, test } from './fixtures.ts';
import { type OwnApp, startOwnApp } from './own-app.ts';

let redis: TestRedis | undefined;
let app: OwnApp | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  redis = await startTestRedis();
  app = await startOwnApp({
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'e2e-outage:',
    SESSION_SECRET: 'e2e-redis-outage-secret-0123456789abcdef',
  });
  origin = app.origin;
});

test.afterAll(async () => {
  await app?.stop();
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
