import { describe, expect, it, vi } from 'vitest';
import { EventHub, type VcsEvent } from './event-hub.ts';

const event = (id: string, organization_id = 'org_a'): VcsEvent => ({
  id,
  type: 'export.ready',
  created_at: '2025-01-01T00:00:00Z',
  data: { organization_id },
});

describe('EventHub', () => {
  it('delivers an event only to subscribers of its organization', () => {
    const hub = new EventHub();
    const a = vi.fn();
    const b = vi.fn();
    hub.subscribe('org_a', { sessionId: 's1', onEvent: a, onClose: vi.fn() });
    hub.subscribe('org_b', { sessionId: 's2', onEvent: b, onClose: vi.fn() });
    hub.publish('org_a', event('e1'));
    expect(a).toHaveBeenCalledWith(event('e1'));
    expect(b).not.toHaveBeenCalled();
  });

  it('unsubscribing removes the listener', () => {
    const hub = new EventHub();
    const listener = vi.fn();
    const off = hub.subscribe('org_a', { sessionId: 's', onEvent: listener, onClose: vi.fn() });
    expect(hub.subscriberCount()).toBe(1);
    off();
    expect(hub.subscriberCount()).toBe(0);
    hub.publish('org_a', event('e1'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('replays after Last-Event-ID, all recent ones for an unknown id, none without one', () => {
    const hub = new EventHub();
    for (const id of ['e1', 'e2', 'e3']) hub.publish('org_a', event(id));
    hub.publish('org_b', event('x1', 'org_b'));
    expect(hub.replay('org_a', 'e1').map((e) => e.id)).toEqual(['e2', 'e3']);
    expect(hub.replay('org_a', 'e3')).toEqual([]);
    expect(hub.replay('org_a', 'gone').map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(hub.replay('org_a', 'x1').map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(hub.replay('org_a', undefined)).toEqual([]);
  });

  it('keeps at most N events and at most maxAge per organization', () => {
    let now = 0;
    const hub = new EventHub({ maxEvents: 2, maxAgeMs: 1000, now: () => now });
    hub.publish('org_a', event('e1'));
    hub.publish('org_a', event('e2'));
    hub.publish('org_a', event('e3'));
    expect(hub.replay('org_a', 'none').map((e) => e.id)).toEqual(['e2', 'e3']);
    now = 500;
    hub.publish('org_a', event('e4'));
    now = 1200;
    expect(hub.replay('org_a', 'none').map((e) => e.id)).toEqual(['e4']);
  });

  it('closeSession ends only that session; closeAll ends every stream', () => {
    const hub = new EventHub();
    const close1 = vi.fn();
    const close2 = vi.fn();
    hub.subscribe('org_a', { sessionId: 's1', onEvent: vi.fn(), onClose: close1 });
    hub.subscribe('org_a', { sessionId: 's2', onEvent: vi.fn(), onClose: close2 });
    hub.closeSession('s1');
    expect(close1).toHaveBeenCalledOnce();
    expect(close2).not.toHaveBeenCalled();
    hub.closeAll();
    expect(close2).toHaveBeenCalledOnce();
  });
});
