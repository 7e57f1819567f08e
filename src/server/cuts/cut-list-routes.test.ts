/**
 * The cut list over the BFF's routes: a cut recorded is listed for its organization and project
 * only, a retry records nothing twice, removing takes entries off (unknown ids skipped), the
 * inputs are checked against bff.yaml (400 naming the field), and a write needs the session and
 * its CSRF token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCut } from '../../api/bff-schema.gen.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import { MemoryCutListStore } from './cut-list-store.ts';
import { sampleCut } from '../test-support/cut-samples.ts';
import { BETA_KEY } from '../test-support/loopback-upstream.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ deps: { cutListStore: new MemoryCutListStore() } });
});
afterAll(() => harness.close());

describe('the cut list', () => {
  it('records a project’s cuts for its organization only, and takes them off again', async () => {
    const { app } = harness;
    const { cookie, csrf } = await harness.login();
    const headers = { cookie, 'x-csrf-token': csrf };
    const url = '/bff/projects/6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f/cuts';
    const recorded = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { cuts: [sampleCut('cut-4-31-44'), sampleCut('cut-4-90-120', 'you know')] },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().cuts).toHaveLength(2);
    expect(recorded.json().cuts[0]).toMatchObject({
      ...sampleCut('cut-4-31-44'),
      user_id: expect.any(String),
      created_at: expect.any(String),
    });
    // A retry records nothing twice; the first record stays.
    const again = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { cuts: [sampleCut('cut-4-31-44', 'changed')] },
    });
    expect(again.json().cuts.map((cut: NewCut) => cut.text)).toEqual(['um', 'you know']);

    const other = await harness.login(BETA_KEY);
    const theirs = await app.inject({ url, headers: { cookie: other.cookie } });
    expect(theirs.json()).toEqual({ cuts: [] });
    const otherProject = await app.inject({
      url: '/bff/projects/0b1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f/cuts',
      headers,
    });
    expect(otherProject.json()).toEqual({ cuts: [] });

    const removed = await app.inject({
      method: 'POST',
      url: `${url}/remove`,
      headers,
      payload: { ids: ['cut-4-31-44', 'cut-unknown'] },
    });
    expect(removed.json()).toEqual({ removed: 1 });
    const left = await app.inject({ url, headers });
    expect(left.json().cuts.map((cut: NewCut) => cut.id)).toEqual(['cut-4-90-120']);
  });

  it('refuses what bff.yaml refuses, naming the field, and writes without the session or its token', async () => {
    const { app } = harness;
    const { cookie, csrf } = await harness.login();
    const url = '/bff/projects/6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f/cuts';
    const bad = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { cuts: [{ ...sampleCut('cut-x'), seconds: -1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toMatch(/cuts\/?\.?\[?0\]?.*seconds|seconds/);
    const noToken = await app.inject({
      method: 'POST',
      url: `${url}/remove`,
      headers: { cookie },
      payload: { ids: ['cut-x'] },
    });
    expect(noToken.statusCode).toBe(403);
    const signedOut = await app.inject({ url });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the cut list while the database is away', () => {
  it('answers 503 database_unavailable in words, with Retry-After', async () => {
    const away = new MemoryCutListStore();
    away.list = () => Promise.reject(new DatabaseUnavailableError('the database is still opening'));
    const down = await startHarness({ deps: { cutListStore: away } });
    try {
      const { cookie } = await down.login();
      const answer = await down.app.inject({
        url: '/bff/projects/6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f/cuts',
        headers: { cookie },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().error).toMatchObject({
        code: 'database_unavailable',
        message: expect.stringMatching(/cut list cannot be reached right now/),
      });
    } finally {
      await down.close();
    }
  });
});
