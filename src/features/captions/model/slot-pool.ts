/**
 * Slots for the rows of a virtualised list, so that row elements are reused instead of created:
 * a row keeps its slot while it stays mounted; a row scrolled in takes a slot freed by one
 * scrolled out (the lowest free one). Slots are per kind, so a slot always shows the same kind
 * of row and only its content changes. Drawn in slot order, the elements never move.
 */
export class SlotPool {
  private readonly slots = new Map<string, Map<string, number>>();

  /** Each mounted row's slot, by row key; `rows` are the rows mounted now. */
  assign(rows: ReadonlyArray<{ kind: string; key: string }>): Map<string, number> {
    const assigned = new Map<string, number>();
    const byKind = new Map<string, string[]>();
    for (const row of rows) {
      const keys = byKind.get(row.kind);
      if (keys) keys.push(row.key);
      else byKind.set(row.kind, [row.key]);
    }
    for (const [kind, keys] of byKind) {
      const before = this.slots.get(kind) ?? new Map<string, number>();
      const now = new Map<string, number>();
      const taken = new Set<number>();
      for (const key of keys) {
        const slot = before.get(key);
        if (slot !== undefined) {
          now.set(key, slot);
          taken.add(slot);
        }
      }
      let free = 0;
      for (const key of keys) {
        if (now.has(key)) continue;
        while (taken.has(free)) free += 1;
        now.set(key, free);
        taken.add(free);
      }
      this.slots.set(kind, now);
      for (const [key, slot] of now) assigned.set(key, slot);
    }
    for (const kind of this.slots.keys()) if (!byKind.has(kind)) this.slots.delete(kind);
    return assigned;
  }
}
