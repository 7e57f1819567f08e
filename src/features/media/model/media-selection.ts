import { createSelectionStore } from '@/lib/selection-store.ts';

/**
 * The media library's selection (ephemeral UI state): kept while the user pages through one
 * listing and visits an asset; cleared when the folder or the filters change.
 */
export const useMediaSelection = createSelectionStore();
