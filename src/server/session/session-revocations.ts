import { z } from 'zod';
import type { EventHub } from '../events/event-hub.ts';
import type { Session, SessionManager } from './session.ts';
import type { RecentLists, SharedState } from '../shared-state/shared-state.ts';

const CHANNEL = 'sessions.revoked';
const revocationSchema = z.object({ sid: z.string().min(1).max(100), exp: z.number() });
type Revocation = z.infer<typeof revocationSchema>;

function parse(message: string): Revocation | undefined {
  try {
    return revocationSchema.safeParse(JSON.parse(message)).data;
  } catch {
    return undefined;
  }
}

export interface SessionRevocationsOptions {
  state: SharedState;
  sessions: SessionManager;
  hub: EventHub;
  sessionTtlSeconds: number;
  onFault?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * Logout on one instance ends the session on all of them. Sessions are sealed cookies (no store),
 * so a revocation is a list entry (for instances that start or reconnect later) plus a bus
 * announcement (for those running now); each instance keeps the revoked ids in memory, so
 * checking a request costs no round trip. While the shared state is unreachable the entry is kept
 * and the announcement made when it returns.
 */
export class SessionRevocations {
  private readonly lists: RecentLists;
  private readonly unannounced: string[] = [];
  private readonly detach: Array<() => void>;

  constructor(private readonly options: SessionRevocationsOptions) {
    const { state } = options;
    this.lists = state.recentLists('revoked-sessions', {
      maxItems: 50_000,
      ttlMs: options.sessionTtlSeconds * 1000,
    });
    this.detach = [
      state.bus.subscribe(CHANNEL, (message) => {
        const revocation = parse(message);
        if (revocation) this.apply(revocation);
      }),
      state.onAvailability((available) => {
        if (available) void this.catchUp();
      }),
    ];
    if (state.available) void this.catchUp();
  }

  async revoke(session: Session): Promise<void> {
    const revocation: Revocation = { sid: session.id, exp: session.expiresAt };
    this.apply(revocation);
    const message = JSON.stringify(revocation);
    await this.lists.push('all', message);
    try {
      await this.options.state.bus.publish(CHANNEL, message);
    } catch {
      this.unannounced.push(message);
    }
  }

  stop(): void {
    for (const detach of this.detach.splice(0)) detach();
  }

  private apply(revocation: Revocation): void {
    this.options.sessions.markRevoked(revocation.sid, revocation.exp);
    this.options.hub.closeSession(revocation.sid);
  }

  /** Reads the revocations made while this instance was away, and announces its own. */
  private async catchUp(): Promise<void> {
    try {
      for (const message of await this.lists.range('all')) {
        const revocation = parse(message);
        if (revocation) this.apply(revocation);
      }
      while (this.unannounced.length > 0) {
        await this.options.state.bus.publish(CHANNEL, this.unannounced[0] as string);
        this.unannounced.shift();
      }
    } catch (error) {
      this.options.onFault?.('could not sync session revocations; will retry on reconnect', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
