import { describe, expect, it } from 'vitest';
import {
  blankOnboardingDraft,
  clearOnboardingDraft,
  loadOnboardingDraft,
  onboardingDraftKey,
  saveOnboardingDraft,
  type OnboardingDraft,
} from './onboarding-draft.ts';
import { memoryStorage } from '@/test/memory-storage.ts';

const scanned: OnboardingDraft = {
  ...blankOnboardingDraft(),
  website: 'acme.example',
  scan: {
    url: 'https://acme.example',
    brand_name: 'Acme',
    colors: [{ hex: '#1E40AF', name: 'primary' }],
    fonts: ['Montserrat'],
    logo_candidates: [],
    scanned_at: '2026-11-24T02:00:00.000Z',
  },
  brandName: 'Acme Studio',
  colors: [{ hex: '#FF0000', name: 'accent' }],
  fonts: ['Montserrat'],
};

describe('onboarding draft', () => {
  it('is kept per workspace and removed on request', () => {
    const storage = memoryStorage();
    saveOnboardingDraft(storage, onboardingDraftKey('org_a'), scanned);
    expect(loadOnboardingDraft(storage, onboardingDraftKey('org_a'))).toEqual(scanned);
    expect(loadOnboardingDraft(storage, onboardingDraftKey('org_b'))).toBeNull();
    clearOnboardingDraft(storage, onboardingDraftKey('org_a'));
    expect(loadOnboardingDraft(storage, onboardingDraftKey('org_a'))).toBeNull();
  });

  it('stores nothing while nothing was typed or scanned', () => {
    const storage = memoryStorage();
    saveOnboardingDraft(storage, 'k', scanned);
    saveOnboardingDraft(storage, 'k', blankOnboardingDraft());
    expect(storage.getItem('k')).toBeNull();
  });

  it('drops a draft of another version or shape, or unreadable text', () => {
    const storage = memoryStorage();
    storage.setItem('k', JSON.stringify({ ...scanned, version: 0 }));
    expect(loadOnboardingDraft(storage, 'k')).toBeNull();
    storage.setItem('k', JSON.stringify({ ...scanned, colors: 'red' }));
    expect(loadOnboardingDraft(storage, 'k')).toBeNull();
    storage.setItem('k', '{not json');
    expect(loadOnboardingDraft(storage, 'k')).toBeNull();
    expect(loadOnboardingDraft(null, 'k')).toBeNull();
  });
});
