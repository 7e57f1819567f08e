/**
 * Brand setup in progress, kept on this device (localStorage, per workspace) so a reload or a trip
 * to another screen does not lose the scan, the edited name, colours, fonts, the chosen or imported
 * logo and the caption defaults. Removed once onboarding completes or the user starts over.
 */
import { clearStored, loadStored, saveStored } from '@/lib/device-storage.ts';
import type {
  BrandColor,
  CaptionDefaults,
  LogoImportResult,
  WebsiteScanResult,
} from '@/api/schema.gen.ts';

export interface OnboardingDraft {
  /** Bumped when the stored shape changes: an older draft is dropped, never misread. */
  version: 1;
  website: string;
  scan: WebsiteScanResult | null;
  brandName: string;
  colors: BrandColor[];
  fonts: string[];
  logoUrl: string;
  logo: Pick<LogoImportResult, 'asset_id' | 'name'> | null;
  defaults: CaptionDefaults;
}

export const DEFAULT_CAPTION_DEFAULTS: CaptionDefaults = {
  look_id: 'bold-pop',
  font_family: 'Inter',
  color: '#FFFFFF',
  active_word_color: '#FACC15',
  position: 'bottom',
};

export function blankOnboardingDraft(): OnboardingDraft {
  return {
    version: 1,
    website: '',
    scan: null,
    brandName: '',
    colors: [],
    fonts: [],
    logoUrl: '',
    logo: null,
    defaults: { ...DEFAULT_CAPTION_DEFAULTS },
  };
}

export function onboardingDraftKey(organizationId: string): string {
  return `cutroom.onboarding-draft.${organizationId}`;
}

/** Whether the draft holds work the user would miss (an address typed, or a scan made). */
export function hasOnboardingInput(draft: OnboardingDraft): boolean {
  return draft.website.trim() !== '' || draft.scan !== null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored draft when it is this version's shape. The service's shapes inside it (scan, colours,
 * defaults) were written by this app from the service's answers; they are checked only for being
 * present, since whatever the user sends from them is checked again by the service.
 */
function acceptDraft(value: unknown): OnboardingDraft | null {
  if (!isRecord(value) || value.version !== 1) return null;
  const strings = ['website', 'brandName', 'logoUrl'] as const;
  if (strings.some((key) => typeof value[key] !== 'string')) return null;
  if (!Array.isArray(value.colors) || !Array.isArray(value.fonts)) return null;
  if (!isRecord(value.defaults)) return null;
  if (value.scan !== null && !isRecord(value.scan)) return null;
  if (value.logo !== null && !isRecord(value.logo)) return null;
  return value as unknown as OnboardingDraft;
}

export function loadOnboardingDraft(storage: Storage | null, key: string): OnboardingDraft | null {
  return loadStored(storage, key, acceptDraft);
}

export function saveOnboardingDraft(storage: Storage | null, key: string, draft: OnboardingDraft) {
  if (hasOnboardingInput(draft)) saveStored(storage, key, draft);
  else clearStored(storage, key);
}

export function clearOnboardingDraft(storage: Storage | null, key: string) {
  clearStored(storage, key);
}
