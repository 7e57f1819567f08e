/**
 * What happens when notes, decisions and names change, whichever route or proxied call changed
 * them: the change is recorded in the audit trail and announced as a live event to every tab of
 * the workspace on every instance (the event hub and its Redis fan-out).
 */
import { randomUUID } from 'node:crypto';
import type { AuditBffAction, AuditEntry, BffEvent, Person } from '../../api/bff-schema.gen.ts';
import type { AuditStore } from '../audit/audit-store.ts';
import type { EventHub } from '../events/event-hub.ts';

/** The BFF's own actions in words (bff.yaml `AuditBffAction`). */
export const ACTION_LABELS: Record<AuditBffAction, string> = {
  'note.create': 'Wrote a note',
  'note.reply': 'Replied to a note',
  'note.edit': 'Edited a note',
  'note.delete': 'Deleted a note',
  'note.resolve': 'Resolved a note',
  'note.reopen': 'Reopened a note',
  'note.carry': 'Carried notes to a new revision',
  'decision.request_changes': 'Requested changes',
  'decision.approve': 'Approved a plan or its assets',
};

/** A note's text, short, for the trail. */
export function excerpt(text: string, max = 200): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

export interface ChangeContext {
  organizationId: string;
  userId: string;
  method: string;
  /** The route's template, e.g. `/bff/notes/{noteId}/status`. */
  endpoint: string;
  path: string;
  status: number;
  at: Date;
}

export interface ReviewChange {
  action: AuditBffAction;
  projectId: string;
  revisionId: string;
  subjectId: string;
  summary: string | null;
  event?: { type: BffEvent['type']; data: Record<string, unknown> };
}

export class ReviewService {
  constructor(
    private readonly options: {
      hub: EventHub;
      audit: AuditStore;
      onFault: (message: string, detail?: Record<string, unknown>) => void;
    },
  ) {}

  /** Records a change in the trail and announces it; neither failing undoes the change. */
  async changed(context: ChangeContext, change: ReviewChange): Promise<void> {
    const entry: AuditEntry = {
      id: randomUUID(),
      time: context.at.toISOString(),
      organization_id: context.organizationId,
      user_id: context.userId,
      method: context.method,
      endpoint: context.endpoint,
      path: context.path,
      status: context.status,
      reason: null,
      dry_run: null,
      selected_count: null,
      deleted_count: null,
      failed_count: null,
      replayed: false,
      operation_id: null,
      action: change.action,
      action_label: ACTION_LABELS[change.action],
      outcome: 'succeeded',
      user_name: null,
      project_id: change.projectId,
      revision_id: change.revisionId,
      subject_id: change.subjectId,
      summary: change.summary,
    };
    const recorded = this.options.audit.append(entry).catch((error: unknown) =>
      this.options.onFault('could not record an audit entry', {
        action: change.action,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    if (change.event) {
      this.publish(context.organizationId, context.at, change.event.type, {
        organization_id: context.organizationId,
        project_id: change.projectId,
        revision_id: change.revisionId,
        actor_id: context.userId,
        ...change.event.data,
      });
    }
    await recorded;
  }

  /** Announces an event to every tab of the workspace (not awaited by the answer). */
  publish(
    organizationId: string,
    at: Date,
    type: BffEvent['type'],
    data: Record<string, unknown>,
  ): void {
    const event = {
      id: `bff_${randomUUID()}`,
      type,
      created_at: at.toISOString(),
      data,
    } as BffEvent;
    this.options.hub.publish(organizationId, event).catch((error: unknown) =>
      this.options.onFault('could not announce a live event', {
        type,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  personChanged(organizationId: string, person: Person, at: Date): void {
    this.publish(organizationId, at, 'person.updated', { organization_id: organizationId, person });
  }
}
