import { describe, expect, it } from 'vitest';
import { createSelectionStore, describeSelection } from './selection-store.ts';

describe('selection across pages', () => {
  it('keeps items from several pages and says where they are', () => {
    const store = createSelectionStore();
    store.getState().togglePage(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      1,
    );
    store.getState().toggle('c', { name: 'C', page: 3 });
    expect(describeSelection(store.getState().items)).toBe('3 selected: 2 on page 1, 1 on page 3');
    // Toggling a fully selected page unselects it.
    store.getState().togglePage(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      1,
    );
    expect([...store.getState().items.keys()]).toEqual(['c']);
    store.getState().remove(['c']);
    expect(describeSelection(store.getState().items)).toBe('Nothing selected');
  });

  it('starts an empty selection in another listing, keeps it in the same one', () => {
    const store = createSelectionStore();
    store.getState().enterScope('folder-a');
    store.getState().toggle('a', { name: 'A', page: 1 });
    store.getState().enterScope('folder-a');
    expect(store.getState().items.size).toBe(1);
    store.getState().enterScope('folder-b');
    expect(store.getState().items.size).toBe(0);
    expect(store.getState().scope).toBe('folder-b');
  });
});
