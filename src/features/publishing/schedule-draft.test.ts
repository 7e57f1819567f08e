import { describe, expect, it } from 'vitest';
import {
  clearScheduleDraft,
  hasUserInput,
  loadScheduleDraft,
  saveScheduleDraft,
  scheduleDraftKey,
  type ScheduleDraft,
} from './schedule-draft.ts';
import { memoryStorage } from '@/test/memory-storage.ts';

const draft: ScheduleDraft = {
  source: 'slideshow',
  projectId: '',
  exportId: '',
  imageIds: ['b', 'a', 'c'],
  connectionId: 'conn_1',
  mode: 'inbox_draft',
  when: 'later',
  date: '2026-12-01',
  time: '09:30',
  caption: 'Three stills',
};

describe('schedule draft storage', () => {
  it('keeps a draft per workspace, with the image order', () => {
    const storage = memoryStorage();
    saveScheduleDraft(storage, scheduleDraftKey('org_a'), draft);
    expect(loadScheduleDraft(storage, scheduleDraftKey('org_a'))).toEqual(draft);
    expect(loadScheduleDraft(storage, scheduleDraftKey('org_b'))).toBeNull();
    clearScheduleDraft(storage, scheduleDraftKey('org_a'));
    expect(loadScheduleDraft(storage, scheduleDraftKey('org_a'))).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(loadScheduleDraft(storage, 'k')).toBeNull();
    storage.setItem('k', JSON.stringify({ ...draft, mode: 'shout' }));
    expect(loadScheduleDraft(storage, 'k')).toBeNull();
    expect(loadScheduleDraft(null, 'k')).toBeNull();
  });

  it('tells a draft with the user’s input from the defaults', () => {
    const empty = { ...draft, imageIds: [], connectionId: '', caption: ' ', exportId: '' };
    expect(hasUserInput(empty)).toBe(false);
    expect(hasUserInput({ ...empty, exportId: 'exp_1', projectId: 'p1' })).toBe(false);
    expect(hasUserInput({ ...empty, caption: 'Hi' })).toBe(true);
    expect(hasUserInput({ ...empty, imageIds: ['a'] })).toBe(true);
    expect(hasUserInput({ ...empty, connectionId: 'conn_1' })).toBe(true);
  });
});
