/**
 * Slots for the rows of a virtualised list, so that row elements are reused instead of created:
 * a row keeps its slot while it stays mounted; a row scrolled in takes a slot freed by one
 * scrolled out (of its kind, so a slot always shows the same kind of row and only its content
 * changes); a slot is created only when none is free. Freed slots are kept for later (hidden by
 * the caller), never destroyed, and slots can be made ahead (`reserve`), so a scroll creates no
 * elements.
 */
export class SlotPool<Slot> {
  private readonly byKey = new Map<string, { slot: Slot; kind: string; round: number }>();
  private readonly free = new Map<string, Slot[]>();
  private readonly made = new Map<string, number>();
  private round = 0;

  constructor(private readonly create: (kind: string) => Slot) {}

  /** The slot of each of `rows` (the rows mounted now), in their order. */
  assign(rows: ReadonlyArray<{ kind: string; key: string }>): Slot[] {
    this.round += 1;
    const round = this.round;
    const slots = new Array<Slot | undefined>(rows.length);
    rows.forEach((row, at) => {
      const held = this.byKey.get(row.key);
      if (held && held.kind === row.kind) {
        held.round = round;
        slots[at] = held.slot;
      }
    });
    // Rows no longer mounted give their slots back.
    for (const [key, held] of this.byKey) {
      if (held.round === round) continue;
      this.byKey.delete(key);
      this.freeOf(held.kind).push(held.slot);
    }
    rows.forEach((row, at) => {
      if (slots[at] !== undefined) return;
      const slot = this.freeOf(row.kind).pop() ?? this.make(row.kind);
      this.byKey.set(row.key, { slot, kind: row.kind, round });
      slots[at] = slot;
    });
    return slots as Slot[];
  }

  /**
   * Makes idle slots of `kind` until there are `count` in all (done ahead of a scroll, so that
   * its frames create none).
   */
  reserve(kind: string, count: number): void {
    while ((this.made.get(kind) ?? 0) < count) this.freeOf(kind).push(this.make(kind));
  }

  /** Slots not showing a row now (to hide). */
  idle(): Slot[] {
    return [...this.free.values()].flat();
  }

  private make(kind: string): Slot {
    this.made.set(kind, (this.made.get(kind) ?? 0) + 1);
    return this.create(kind);
  }

  private freeOf(kind: string): Slot[] {
    let list = this.free.get(kind);
    if (!list) {
      list = [];
      this.free.set(kind, list);
    }
    return list;
  }
}
