import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onboardingQueryOptions } from '@/api/brand-context.ts';
import { captionLooksQueryOptions } from '@/api/caption-queries.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { deviceStorage } from '@/lib/device-storage.ts';
import { useCompleteOnboarding, useImportLogo, useScanWebsite } from '../api/workspace-queries.ts';
import {
  blankOnboardingDraft,
  clearOnboardingDraft,
  hasOnboardingInput,
  loadOnboardingDraft,
  onboardingDraftKey,
  saveOnboardingDraft,
  type OnboardingDraft,
} from '../onboarding-draft.ts';
import type { BrandColor, CaptionDefaults } from '@/api/schema.gen.ts';

/** The request fields the service may name in a 400, as this screen labels them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  url: 'Website',
  source_url: 'Logo address',
  brand_name: 'Brand name',
  website_url: 'Website',
  colors: 'Brand colours',
  fonts: 'Fonts',
  logo_asset_id: 'Logo',
  'caption_defaults.look_id': 'Caption Look',
  'caption_defaults.font_family': 'Font',
  'caption_defaults.position': 'Position',
  'caption_defaults.color': 'Text colour',
  'caption_defaults.active_word_color': 'Active word colour',
};

const HEX = /^#[0-9A-Fa-f]{6}$/;
const FALLBACK_FONTS = ['Inter', 'Montserrat', 'Poppins'];

function websiteError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return 'Enter your website address.';
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    if (!url.hostname.includes('.')) return 'Enter a full address, like yourbrand.com.';
  } catch {
    return 'That is not a web address.';
  }
  return undefined;
}

const withScheme = (text: string) =>
  /^https?:\/\//i.test(text.trim()) ? text.trim() : `https://${text.trim()}`;

/**
 * Onboarding: brand context from a website scan (name, colours, fonts, logo candidates), a logo
 * imported into the media library, caption defaults, complete. The brand colours are then offered
 * wherever text is styled (they are read from the shared brand context).
 */
export function OnboardingPage({ organizationId }: { organizationId: string }) {
  const state = useQuery(onboardingQueryOptions);
  if (state.isPending) return <LoadingState label="Loading onboarding…" />;
  if (state.isError) return <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  return (
    <OnboardingSteps
      key={organizationId}
      organizationId={organizationId}
      done={state.data.status === 'complete'}
    />
  );
}

/** The setup being made, kept on this device as the user works (see onboarding-draft.ts). */
function useOnboardingDraft(organizationId: string) {
  const key = onboardingDraftKey(organizationId);
  const [restored] = useState(() => loadOnboardingDraft(deviceStorage(), key));
  const [draft, setDraft] = useState<OnboardingDraft>(() => restored ?? blankOnboardingDraft());
  useEffect(() => saveOnboardingDraft(deviceStorage(), key, draft), [key, draft]);
  const set =
    <Field extends keyof OnboardingDraft>(field: Field) =>
    (value: OnboardingDraft[Field]) =>
      setDraft((current) => ({ ...current, [field]: value }));
  return {
    draft,
    restored: restored !== null,
    setDraft,
    discard: () => {
      clearOnboardingDraft(deviceStorage(), key);
      setDraft(blankOnboardingDraft());
    },
    set,
  };
}

function OnboardingSteps({ organizationId, done }: { organizationId: string; done: boolean }) {
  const { draft, restored, setDraft, discard, set } = useOnboardingDraft(organizationId);
  const { website, scan, brandName, colors, fonts, logoUrl, logo, defaults } = draft;
  const setWebsite = set('website');
  const setScan = set('scan');
  const setBrandName = set('brandName');
  const setColors = set('colors');
  const setFonts = set('fonts');
  const setLogoUrl = set('logoUrl');
  const setLogo = set('logo');
  const setDefaults = set('defaults');
  const [websiteTouched, setWebsiteTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const looks = useQuery(captionLooksQueryOptions());
  const scanMutation = useScanWebsite();
  const importLogo = useImportLogo();
  const complete = useCompleteOnboarding();

  const siteError = websiteTouched ? websiteError(website) : undefined;
  const nameError = attempted && !brandName.trim() ? 'Give the brand a name.' : undefined;
  const colorsError =
    attempted && (colors.length === 0 || colors.some((color) => !HEX.test(color.hex)))
      ? 'Keep at least one colour; each looks like #1E40AF.'
      : undefined;
  const fontChoices = [...new Set([...fonts, ...(scan?.fonts ?? []), ...FALLBACK_FONTS])];

  if (complete.isSuccess || (done && complete.isIdle && !scan)) {
    const brand = complete.data?.brand_context;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Brand setup</h1>
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
        >
          {complete.isSuccess
            ? `Onboarding complete. ${brand?.brand_name ?? 'Your brand'}’s colours are now offered in the caption styler and on the timeline’s text items.`
            : 'Onboarding is complete for this workspace.'}
        </p>
        <div className="flex gap-3">
          <Link to="/settings" className="text-indigo-700 underline">
            Back to settings
          </Link>
          {!complete.isSuccess ? (
            <Button
              variant="secondary"
              onClick={() =>
                setScan({
                  url: '',
                  brand_name: '',
                  colors: [],
                  fonts: [],
                  logo_candidates: [],
                  scanned_at: '',
                })
              }
            >
              Set up again
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Set up your brand</h1>
        <p className="mt-1 text-slate-600">
          Four steps: scan your website, pick a logo, choose caption defaults, finish.
        </p>
        {restored && hasOnboardingInput(draft) ? (
          <p
            role="status"
            className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-950"
          >
            Your unfinished setup was kept on this device.
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={discard}>
              Start over
            </Button>
          </p>
        ) : null}
      </div>

      <section
        aria-labelledby="step-scan"
        className="rounded-lg border border-slate-200 bg-white p-6"
      >
        <h2 id="step-scan" className="text-lg font-semibold">
          1. Scan your website
        </h2>
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setWebsiteTouched(true);
            if (websiteError(website)) return;
            scanMutation.mutate(withScheme(website), {
              onSuccess: (result) =>
                setDraft((current) => ({
                  ...current,
                  scan: result,
                  brandName: result.brand_name,
                  colors: result.colors,
                  fonts: result.fonts,
                  logoUrl: result.logo_candidates[0]?.url ?? '',
                  defaults: {
                    ...current.defaults,
                    font_family: result.fonts[0] ?? current.defaults.font_family,
                  },
                })),
            });
          }}
        >
          <div className="min-w-72 flex-1">
            <TextField
              label="Website"
              placeholder="yourbrand.com"
              value={website}
              error={siteError}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" pending={scanMutation.isPending}>
            {scanMutation.isPending ? 'Scanning…' : 'Scan website'}
          </Button>
        </form>
        <div className="mt-2">
          <InlineError error={scanMutation.error} fieldLabels={FIELD_LABELS} />
        </div>
        {scan ? (
          <div className="mt-4 flex flex-col gap-4">
            <TextField
              label="Brand name"
              value={brandName}
              error={nameError}
              maxLength={100}
              onChange={(event) => setBrandName(event.target.value)}
            />
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Brand colours</legend>
              <ul className="flex flex-col gap-2">
                {colors.map((color, index) => (
                  <li key={index} className="flex items-center gap-2">
                    <input
                      type="color"
                      aria-label={`${color.name} colour`}
                      value={HEX.test(color.hex) ? color.hex : '#000000'}
                      onChange={(event) =>
                        setColors(
                          colors.map((c, i) =>
                            i === index ? { ...c, hex: event.target.value.toUpperCase() } : c,
                          ),
                        )
                      }
                    />
                    <span className="w-24 text-sm">{color.name}</span>
                    <code className="text-xs">{color.hex}</code>
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-xs"
                      onClick={() => setColors(colors.filter((_, i) => i !== index))}
                    >
                      Remove<span className="sr-only"> {color.name} colour</span>
                    </Button>
                  </li>
                ))}
              </ul>
              {colorsError ? <p className="mt-1 text-xs text-red-700">{colorsError}</p> : null}
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Fonts</legend>
              <div className="flex flex-wrap gap-3">
                {fontChoices.map((font) => (
                  <label key={font} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={fonts.includes(font)}
                      disabled={!fonts.includes(font) && fonts.length >= 4}
                      onChange={(event) =>
                        setFonts(
                          event.target.checked ? [...fonts, font] : fonts.filter((f) => f !== font),
                        )
                      }
                    />
                    {font}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        ) : null}
      </section>

      {scan ? (
        <section
          aria-labelledby="step-logo"
          className="rounded-lg border border-slate-200 bg-white p-6"
        >
          <h2 id="step-logo" className="text-lg font-semibold">
            2. Import a logo
          </h2>
          {scan.logo_candidates.length > 0 ? (
            <fieldset className="mt-3">
              <legend className="mb-1 text-sm font-medium text-slate-700">Found on the site</legend>
              <div className="flex flex-col gap-1">
                {scan.logo_candidates.map((candidate) => (
                  <label key={candidate.url} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="logo"
                      checked={logoUrl === candidate.url}
                      onChange={() => setLogoUrl(candidate.url)}
                    />
                    {candidate.source} · {candidate.format} {candidate.width}×{candidate.height}
                    <code className="text-xs text-slate-500">{candidate.url}</code>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="min-w-72 flex-1">
              <TextField
                label="Logo address"
                value={logoUrl}
                onChange={(event) => setLogoUrl(event.target.value)}
              />
            </div>
            <Button
              variant="secondary"
              disabled={!logoUrl}
              pending={importLogo.isPending}
              onClick={() =>
                importLogo.mutate(logoUrl.trim(), {
                  onSuccess: (result) => setLogo({ asset_id: result.asset_id, name: result.name }),
                })
              }
            >
              {importLogo.isPending ? 'Importing…' : 'Import logo'}
            </Button>
          </div>
          <div className="mt-2">
            <InlineError error={importLogo.error} fieldLabels={FIELD_LABELS} />
          </div>
          {logo ? (
            <p role="status" className="mt-2 text-sm text-emerald-800">
              Imported “{logo.name}” into the media library.
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Optional: you can finish without a logo.</p>
          )}
        </section>
      ) : null}

      {scan ? (
        <section
          aria-labelledby="step-captions"
          className="rounded-lg border border-slate-200 bg-white p-6"
        >
          <h2 id="step-captions" className="text-lg font-semibold">
            3. Caption defaults
          </h2>
          <p className="mt-1 text-sm text-slate-600">New projects start with these captions.</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Caption Look"
              value={defaults.look_id}
              options={(looks.data?.looks ?? [{ id: 'bold-pop', name: 'Bold Pop' }]).map((look) => [
                look.id,
                look.name,
              ])}
              onChange={(id) => setDefaults({ ...defaults, look_id: id })}
            />
            <SelectField
              label="Font"
              value={defaults.font_family}
              options={fontChoices.map((font) => [font, font])}
              onChange={(font) => setDefaults({ ...defaults, font_family: font })}
            />
            <SelectField<CaptionDefaults['position']>
              label="Position"
              value={defaults.position}
              options={[
                ['top', 'Top'],
                ['middle', 'Middle'],
                ['bottom', 'Bottom'],
              ]}
              onChange={(position) => setDefaults({ ...defaults, position })}
            />
          </div>
          <ColorChoice
            label="Text colour"
            value={defaults.color}
            brand={colors}
            onChange={(hex) => setDefaults({ ...defaults, color: hex })}
          />
          <ColorChoice
            label="Active word colour"
            value={defaults.active_word_color}
            brand={colors}
            onChange={(hex) => setDefaults({ ...defaults, active_word_color: hex })}
          />
        </section>
      ) : null}

      {scan ? (
        <section
          aria-labelledby="step-finish"
          className="rounded-lg border border-slate-200 bg-white p-6"
        >
          <h2 id="step-finish" className="text-lg font-semibold">
            4. Finish
          </h2>
          <InlineError error={complete.error} fieldLabels={FIELD_LABELS} />
          <Button
            className="mt-3"
            pending={complete.isPending}
            onClick={() => {
              setAttempted(true);
              if (
                !brandName.trim() ||
                colors.length === 0 ||
                colors.some((c) => !HEX.test(c.hex))
              ) {
                return;
              }
              complete.mutate(
                {
                  brand_name: brandName.trim(),
                  website_url: scan.url || null,
                  colors,
                  fonts,
                  logo_asset_id: logo?.asset_id ?? null,
                  caption_defaults: defaults,
                },
                { onSuccess: discard },
              );
            }}
          >
            {complete.isPending ? 'Finishing…' : 'Complete onboarding'}
          </Button>
        </section>
      ) : null}
    </div>
  );
}

/** A colour picked from the brand's swatches or typed. */
function ColorChoice({
  label,
  value,
  brand,
  onChange,
}: {
  label: string;
  value: string;
  brand: readonly BrandColor[];
  onChange: (hex: string) => void;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {[...brand, { name: 'White', hex: '#FFFFFF' }, { name: 'Yellow', hex: '#FACC15' }].map(
          (swatch) => (
            <button
              key={`${swatch.name}-${swatch.hex}`}
              type="button"
              aria-pressed={value.toUpperCase() === swatch.hex.toUpperCase()}
              onClick={() => onChange(swatch.hex.toUpperCase())}
              className="flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs aria-pressed:ring-2 aria-pressed:ring-indigo-600"
            >
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded border border-slate-300"
                style={{ backgroundColor: swatch.hex }}
              />
              {swatch.name}
              <span className="sr-only">
                {' '}
                {swatch.hex} for {label.toLowerCase()}
              </span>
            </button>
          ),
        )}
        <code className="text-xs">{value}</code>
      </div>
    </fieldset>
  );
}
