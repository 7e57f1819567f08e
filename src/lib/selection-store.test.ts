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
});
