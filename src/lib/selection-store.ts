import { create, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A selection that survives paging: each selected item remembers its name and the page it was
 * picked on, so a screen can say "7 selected: 5 on page 1, 2 on page 3" and a delete can name
 * what it deletes. Ephemeral UI state (zustand), never a copy of the list.
 */
export interface SelectedItem {
  name: string;
  page: number;
}

export interface SelectionState {
  items: ReadonlyMap<string, SelectedItem>;
  /** The listing the selection belongs to (folder, filters…); null before the first. */
  scope: string | null;
  /** Moves to a listing: a different one starts an empty selection (its pages are not ours). */
  enterScope(scope: string): void;
  toggle(id: string, item: SelectedItem): void;
  /** Selects every item given (one page) or, when all are selected already, unselects them. */
  togglePage(entries: ReadonlyArray<{ id: string; name: string }>, page: number): void;
  remove(ids: readonly string[]): void;
  clear(): void;
}

export function createSelectionStore(): UseBoundStore<StoreApi<SelectionState>> {
  return create<SelectionState>((set) => ({
    items: new Map(),
    scope: null,
    enterScope: (scope) =>
      set((state) => (state.scope === scope ? state : { scope, items: new Map() })),
    toggle: (id, item) =>
      set(({ items }) => {
        const next = new Map(items);
        if (next.has(id)) next.delete(id);
        else next.set(id, item);
        return { items: next };
      }),
    togglePage: (entries, page) =>
      set(({ items }) => {
        const next = new Map(items);
        const all = entries.length > 0 && entries.every((entry) => next.has(entry.id));
        for (const entry of entries) {
          if (all) next.delete(entry.id);
          else next.set(entry.id, { name: entry.name, page });
        }
        return { items: next };
      }),
    remove: (ids) =>
      set(({ items }) => {
        const next = new Map(items);
        for (const id of ids) next.delete(id);
        return { items: next };
      }),
    clear: () => set({ items: new Map() }),
  }));
}

/** "7 selected: 5 on page 1, 2 on page 3" (pages counted from 1, in order). */
export function describeSelection(items: ReadonlyMap<string, SelectedItem>): string {
  if (items.size === 0) return 'Nothing selected';
  const perPage = new Map<number, number>();
  for (const item of items.values()) perPage.set(item.page, (perPage.get(item.page) ?? 0) + 1);
  const pages = [...perPage]
    .sort(([a], [b]) => a - b)
    .map(([page, count]) => `${count} on page ${page}`);
  return `${items.size} selected: ${pages.join(', ')}`;
}
