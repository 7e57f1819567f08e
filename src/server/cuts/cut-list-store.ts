/**
 * Where the cut lists of editing by words are kept: per organization and project, in the order
 * they were recorded. `MemoryCutListStore` keeps them in this process (tests, and until the BFF's
 * database holds them); the database's store implements the same interface.
 */
import type { components } from '../../api/bff-schema.gen.ts';

export type Cut = components['schemas']['Cut'];
export type NewCut = components['schemas']['NewCut'];

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
