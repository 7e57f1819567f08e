import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';

let server: SimulatorServer;
let api: Client;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
});
afterAll(async () => {
  await server.close();
});

describe('fault injection', () => {
  it('is off by default', async () => {
    for (let i = 0; i < 10; i += 1) expect((await api.get('/projects')).status).toBe(200);
  });

  it('injects 429 with Retry-After', async () => {
    server.simulator.setFaults({ rate429: 1, retryAfterSeconds: 7 });
    const answer = await api.get('/projects');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(errorOf(answer).code).toBe('rate_limited');
    server.simulator.setFaults({});
    expect((await api.get('/projects')).status).toBe(200);
  });

  it('injects 500 internal_error', async () => {
    server.simulator.setFaults({ rate500: 1 });
    const answer = await api.get('/credits');
    expect(answer.status).toBe(500);
    expect(errorOf(answer).code).toBe('internal_error');
    server.simulator.setFaults({});
  });

  it('filters by path and adds latency', async () => {
    server.simulator.setFaults({ rate429: 1, paths: '^/clips', latencyMs: 60 });
    expect((await api.get('/projects')).status).toBe(200);
    const started = Date.now();
    expect((await api.get('/clips')).status).toBe(429);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    server.simulator.setFaults({});
  });

  it('injects a reproducible share of faults for a seed', async () => {
    const run = async (): Promise<number[]> => {
      const fresh = await startTestServer({ seed: 5, faults: { rate429: 0.3, rate500: 0.2 } });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await client(fresh).get('/credits')).status);
      await fresh.close();
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toContain(429);
    expect(first).toContain(500);
    expect(first).toContain(200);
  });
});
