import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventHub } from '../events/event-hub.ts';
import { type KeyIdentity, readCookie, SessionManager } from './session.ts';
import { SessionRevocations } from './session-revocations.ts';
import * as seal from './session-seal.ts';
import { MemoryState } from '../shared-state/memory-state.ts';

// Counts the decryptions: a cached session is found without one.
vi.mock('./session-seal.ts', async (importOriginal) => {
  const original = await importOriginal<typeof seal>();
  return { ...original, unseal: vi.fn(original.unseal) };
});
const unsealCalls = () => vi.mocked(seal.unseal).mock.calls.length;

const OLD = 'old-session-secret-0123456789-abcdefgh';
const NEW = 'new-session-secret-0123456789-abcdefgh';
const TTL = 3_600;
const identity: KeyIdentity = {
  organization_id: 'org_alpha',
  user_id: 'user_1',
  plan: 'paid',
  environment: 'test',
  key_prefix: 'vcs_test_abc',
};

function manager(options: { secrets?: string[]; now?: () => number; cacheSize?: number } = {}) {
  return new SessionManager({
    secrets: options.secrets ?? [NEW],
    ttlSeconds: TTL,
    secure: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.cacheSize ? { cacheSize: options.cacheSize } : {}),
  });
}

afterEach(() => {
  vi.mocked(seal.unseal).mockClear();
});

describe('SessionManager: the cache of opened sessions', () => {
  it('opens a cookie once; later requests with it reuse the opened session', () => {
    const sessions = manager();
    const { cookie, session } = sessions.create('vcs_test_key', identity);
    const first = sessions.open(cookie);
    expect(first).toMatchObject({ id: session.id, apiKey: 'vcs_test_key', identity });
    expect(unsealCalls()).toBe(1);
    expect(sessions.open(cookie)).toBe(first);
    expect(sessions.open(cookie)).toBe(first);
    expect(unsealCalls()).toBe(1);
  });

  it('a cached session ends at its expiry', () => {
    let now = 1_700_000_000_000;
    const sessions = manager({ now: () => now });
    const { cookie } = sessions.create('vcs_test_key', identity);
    expect(sessions.open(cookie)).not.toBeNull();
    now += (TTL - 1) * 1000;
    expect(sessions.open(cookie)).not.toBeNull();
    now += 1000;
    expect(sessions.open(cookie)).toBeNull();
    // Not cached as valid either: asked again, it is opened (and refused) afresh.
    expect(sessions.open(cookie)).toBeNull();
  });

  it('a cached session is refused once revoked (logout), and stays refused', () => {
    const sessions = manager();
    const { cookie, session } = sessions.create('vcs_test_key', identity);
    const other = sessions.create('vcs_test_key', identity);
    expect(sessions.open(cookie)).not.toBeNull();
    expect(sessions.open(other.cookie)).not.toBeNull();
    sessions.revoke(session);
    expect(sessions.open(cookie)).toBeNull();
    expect(sessions.open(cookie)).toBeNull();
    expect(sessions.open(other.cookie)).not.toBeNull();
  });

  it('is bounded: past cacheSize the least recently used session is opened again when it returns', () => {
    const sessions = manager({ cacheSize: 2 });
    const [a, b, c] = [1, 2, 3].map(() => sessions.create('vcs_test_key', identity).cookie) as [
      string,
      string,
      string,
    ];
    sessions.open(a);
    sessions.open(b);
    sessions.open(a); // b is now the least recently used
    expect(unsealCalls()).toBe(2);
    sessions.open(c); // evicts b
    expect(unsealCalls()).toBe(3);
    sessions.open(a);
    sessions.open(c);
    expect(unsealCalls()).toBe(3);
    expect(sessions.open(b)).not.toBeNull();
    expect(unsealCalls()).toBe(4);
  });

  it('a forged cookie carrying a cached MAC is refused, and the genuine one still works', () => {
    const sessions = manager();
    const { cookie } = sessions.create('vcs_test_key', identity);
    expect(sessions.open(cookie)).not.toBeNull();
    const parts = cookie.split('.');
    parts[2] = Buffer.from('{"exp":9999999999,"d":{}}').toString('base64url');
    expect(sessions.open(parts.join('.'))).toBeNull();
    expect(sessions.open(cookie)).not.toBeNull();
  });

  it('secret rotation: a cookie of the previous secret opens (and is cached) while that secret is listed; without it, refused', () => {
    const before = manager({ secrets: [OLD] });
    const { cookie } = before.create('vcs_test_key', identity);
    const rotated = manager({ secrets: [NEW, OLD] });
    const opened = rotated.open(cookie);
    expect(opened).not.toBeNull();
    expect(rotated.open(cookie)).toBe(opened);
    // New cookies are sealed with the new secret, which a later instance without OLD still opens.
    const fresh = rotated.create('vcs_test_key', identity);
    const after = manager({ secrets: [NEW] });
    expect(after.open(fresh.cookie)).not.toBeNull();
    expect(after.open(cookie)).toBeNull();
  });
});

describe('SessionManager + SessionRevocations: a logout reaches every instance sharing the state', () => {
  it('an instance that cached the session refuses it once another revokes it; an instance started later too', async () => {
    const state = new MemoryState();
    const instance = () => {
      const sessions = manager();
      const hub = new EventHub({ state });
      const revocations = new SessionRevocations({
        state,
        sessions,
        hub,
        sessionTtlSeconds: TTL,
      });
      return { sessions, revocations, hub };
    };
    const a = instance();
    const b = instance();
    const { cookie, session } = a.sessions.create('vcs_test_key', identity);
    expect(b.sessions.open(cookie)).not.toBeNull();
    expect(b.sessions.open(cookie)).not.toBeNull(); // cached on B now

    await a.revocations.revoke(session);
    expect(a.sessions.open(cookie)).toBeNull();
    expect(b.sessions.open(cookie)).toBeNull();

    const c = instance();
    await vi.waitFor(() => expect(c.sessions.open(cookie)).toBeNull());
    for (const each of [a, b, c]) {
      each.revocations.stop();
      each.hub.detachFromState();
    }
    await state.close();
  });
});

describe('readCookie', () => {
  it('finds the named cookie among others, with or without spaces around', () => {
    expect(readCookie('a=1; cutroom_session=abc.def; b=2', 'cutroom_session')).toBe('abc.def');
    expect(readCookie('cutroom_session=v', 'cutroom_session')).toBe('v');
    expect(readCookie(' a=1 ;\tcutroom_session = v2 ;', 'cutroom_session')).toBe('v2');
    expect(readCookie('x=1;cutroom_session=v3', 'cutroom_session')).toBe('v3');
  });

  it('matches whole names only, and the first occurrence', () => {
    expect(readCookie('my_cutroom_session=x; cutroom_session_2=y', 'cutroom_session')).toBe(
      undefined,
    );
    expect(readCookie('cutroom_session=first; cutroom_session=second', 'cutroom_session')).toBe(
      'first',
    );
    expect(readCookie('novalue; cutroom_session=', 'cutroom_session')).toBe('');
    expect(readCookie(undefined, 'cutroom_session')).toBeUndefined();
    expect(readCookie('', 'cutroom_session')).toBeUndefined();
  });
});
