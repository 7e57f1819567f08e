/**
 * Where the cut lists of editing by words are kept: per organization and project, in the order
 * they were recorded. `DatabaseCutListStore` keeps them in the BFF's database (they survive a
 * restart and are shared by every instance); `MemoryCutListStore` in this process (tests).
 */
import type { Cut, NewCut } from '../../api/bff-schema.gen.ts';
import type { Database } from '../db/database.ts';

export interface CutListStore {
  list(organizationId: string, projectId: string): Promise<Cut[]>;
  /** Records the cuts whose ids are new (an id recorded already keeps what it was). */
  add(organizationId: string, projectId: string, cuts: readonly Cut[]): Promise<void>;
  /** Takes the ids off the list; answers how many it held. */
  remove(organizationId: string, projectId: string, ids: readonly string[]): Promise<number>;
}

export class MemoryCutListStore implements CutListStore {
  private readonly lists = new Map<string, Map<string, Cut>>();

  private listOf(organizationId: string, projectId: string): Map<string, Cut> {
    const key = `${organizationId}\u0000${projectId}`;
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = new Map()));
    return list;
  }

  async list(organizationId: string, projectId: string): Promise<Cut[]> {
    return [...this.listOf(organizationId, projectId).values()];
  }

  async add(organizationId: string, projectId: string, cuts: readonly Cut[]): Promise<void> {
    const list = this.listOf(organizationId, projectId);
    for (const cut of cuts) if (!list.has(cut.id)) list.set(cut.id, cut);
  }

  async remove(organizationId: string, projectId: string, ids: readonly string[]): Promise<number> {
    const list = this.listOf(organizationId, projectId);
    let removed = 0;
    for (const id of ids) if (list.delete(id)) removed += 1;
    return removed;
  }
}

/** The cut lists in the BFF's database (table `timeline_cuts`), every query by organization. */
export class DatabaseCutListStore implements CutListStore {
  constructor(private readonly database: Database) {}

  list(organizationId: string, projectId: string): Promise<Cut[]> {
    return this.database.run(async (db) => {
      const rows = await db
        .selectFrom('timeline_cuts')
        .select(['entry', 'user_id', 'created_at'])
        .where('organization_id', '=', organizationId)
        .where('project_id', '=', projectId)
        .orderBy('position')
        .execute();
      return rows.map((row) => ({
        ...(row.entry as NewCut),
        user_id: row.user_id,
        created_at: new Date(row.created_at).toISOString(),
      }));
    });
  }

  add(organizationId: string, projectId: string, cuts: readonly Cut[]): Promise<void> {
    if (cuts.length === 0) return Promise.resolve();
    return this.database.run(async (db) => {
      await db
        .insertInto('timeline_cuts')
        .values(
          cuts.map(({ user_id, created_at, ...entry }) => ({
            organization_id: organizationId,
            project_id: projectId,
            id: entry.id,
            entry: JSON.stringify(entry),
            user_id,
            created_at,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['organization_id', 'project_id', 'id']).doNothing(),
        )
        .execute();
    });
  }

  remove(organizationId: string, projectId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return Promise.resolve(0);
    return this.database.run(async (db) => {
      const result = await db
        .deleteFrom('timeline_cuts')
        .where('organization_id', '=', organizationId)
        .where('project_id', '=', projectId)
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
