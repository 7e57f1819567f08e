import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { MemoryState } from '../shared-state/memory-state.ts';
import { deliveryLogOver } from './delivery-log.ts';
import { exportReadyEvent } from '../test-support/webhook-events.ts';
import { computeSignature } from './verify-signature.ts';

const SECRET = 'whsec_demo_cutroom';
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function deliver(h: Harness, body: string, options: { secret?: string; url?: string } = {}) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return h.app.inject({
    method: 'POST',
    url: options.url ?? '/webhooks/vcs?org=org_alpha',
    headers: {
      'content-type': 'application/json',
      'x-service-timestamp': timestamp,
      'x-service-signature': computeSignature(
        options.secret ?? SECRET,
        timestamp,
        Buffer.from(body),
      ),
    },
    payload: body,
  });
}

// Known events as the contract declares them (a known event that breaks it is refused).
const event = (id: string, type = 'export.ready', org = 'org_alpha') =>
  JSON.stringify({ ...exportReadyEvent(id, { organization_id: org }), type });

describe('webhook delivery log', () => {
  it('records every delivery, verified or refused and why, for the session organization only', async () => {
    harness = await startHarness();
    await deliver(harness, event('evt_ok'));
    await deliver(harness, event('evt_ok'));
    await deliver(harness, event('evt_bad'), { secret: 'whsec_wrong' });
    await deliver(harness, event('evt_odd', 'video.teleported'));
    await deliver(harness, 'not json');
    await deliver(harness, JSON.stringify({ id: 'evt_thin', type: 'export.ready' }));
    await deliver(harness, event('evt_beta', 'job.complete', 'org_beta'), {
      url: '/webhooks/vcs?org=org_beta',
    });
    const { cookie } = await harness.login();
    const response = await harness.app.inject({
      url: '/bff/webhook-deliveries',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { deliveries } = response.json() as {
      deliveries: Array<{
        outcome: string;
        reason: string | null;
        event_id: string | null;
        verified: boolean;
        subject: string | null;
        status: number;
      }>;
    };
    expect(deliveries.map((d) => [d.outcome, d.reason, d.status])).toEqual([
      ['refused_body', 'not_a_service_event', 400],
      ['refused_body', 'invalid_json', 400],
      ['ignored_unknown_type', 'unknown_event_type', 200],
      ['refused_signature', 'signature_mismatch', 401],
      ['duplicate', 'already_received', 200],
      ['delivered', null, 200],
    ]);
    expect(deliveries.find((d) => d.outcome === 'refused_signature')).toMatchObject({
      verified: false,
      event_id: null,
      subject: null,
    });
    // What a delivered event is about: its export (the most specific id in its data).
    expect(deliveries.find((d) => d.outcome === 'delivered')).toMatchObject({
      event_id: 'evt_ok',
      subject: 'x1',
    });
    expect(deliveries.some((d) => d.event_id === 'evt_beta')).toBe(false);
  });

  it('401 without a session; 400 for a bad limit', async () => {
    harness = await startHarness();
    expect((await harness.app.inject({ url: '/bff/webhook-deliveries' })).statusCode).toBe(401);
    const { cookie } = await harness.login();
    const bad = await harness.app.inject({
      url: '/bff/webhook-deliveries?limit=0',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the newest 200 entries per organization', async () => {
    const state = new MemoryState({ now: Date.now });
    const log = deliveryLogOver(state);
    for (const id of ['a', 'b', 'c', ...Array.from({ length: 200 }, (_, i) => `n${i}`)]) {
      await log.append({
        id,
        received_at: '2025-01-01T00:00:00Z',
        organization_id: 'org',
        event_id: id,
        event_type: 'job.complete',
        subject: null,
        verified: true,
        outcome: 'delivered',
        reason: null,
        status: 200,
      });
    }
    const newest = (await log.list('org', 300)).map((entry) => entry.id);
    expect(newest).toHaveLength(200);
    expect(newest.slice(0, 2)).toEqual(['n199', 'n198']);
    expect(newest).not.toContain('a');
    expect(await log.list('other', 10)).toEqual([]);
  });
});
