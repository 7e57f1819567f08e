/**
 * The inspector's text style, for a selection of text items: the colour (and the font family when
 * the items carry one), the onboarding brand's colours first as swatches, then a free colour. Every
 * change goes through the `setTextStyle` command (checked before any request, one request, one undo
 * step); what the service refuses about a field (400 naming it) is shown under that field.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, describeError } from '@/api/api-error.ts';
import { brandContextQueryOptions, brandSwatches } from '@/api/brand-context.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import type { CommandContext } from '../model/command-context.ts';
import { selectedTextItems, setTextStyle } from '../model/commands.ts';
import { contrastingInk, sameTextStyle } from '../model/text-style.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';

type Field = 'color' | 'font';

/** Which field a 400's `error.param` is about (`operations[0].color`, `operation.font_family`). */
function fieldOf(error: unknown): Field | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.param) return null;
  if (/(^|\.)color$/.test(error.param)) return 'color';
  if (/(^|\.)font_family$/.test(error.param)) return 'font';
  return null;
}

export function TextStyleFields({
  editor,
  ctx,
  busy,
}: {
  editor: TimelineEditor;
  ctx: CommandContext;
  busy: boolean;
}) {
  const items = selectedTextItems(ctx);
  if (!items) return null;
  // Keyed by the selection, so drafts and errors never carry over to other items.
  return (
    <TextStyleForm
      key={items.map((item) => item.id).join(' ')}
      editor={editor}
      ctx={ctx}
      busy={busy}
    />
  );
}

function TextStyleForm({
  editor,
  ctx,
  busy,
}: {
  editor: TimelineEditor;
  ctx: CommandContext;
  busy: boolean;
}) {
  const id = useId();
  const items = selectedTextItems(ctx) ?? [];
  const first = items[0]?.text_style;
  const shared = items.every((item) => sameTextStyle(item.text_style, first)) ? first : undefined;
  const sharedColor = items.every((item) => item.text_style?.color === first?.color)
    ? first?.color
    : undefined;
  const fonts = [...new Set(items.flatMap((item) => item.text_style?.font_family ?? []))];
  const carriesFont = fonts.length > 0;
  const disabled = busy || !setTextStyle.canRun(ctx, { color: sharedColor ?? '#000000' });
  const [colorDraft, setColorDraft] = useState(sharedColor ?? '');
  const [fontDraft, setFontDraft] = useState(fonts.length === 1 ? fonts[0]! : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // When the style changes underneath (saved, undone, someone else's edit), the drafts follow it.
  const shownFont = fonts.length === 1 ? fonts[0]! : '';
  const [seen, setSeen] = useState({ color: sharedColor, font: shownFont });
  if (seen.color !== sharedColor || seen.font !== shownFont) {
    setSeen({ color: sharedColor, font: shownFont });
    setColorDraft(sharedColor ?? '');
    setFontDraft(shownFont);
  }
  // Read again when the text section shows: the brand may have been set since the editor opened
  // (its defaults for new text are read when it opens).
  const brand = useQuery({ ...brandContextQueryOptions, refetchOnMount: 'always' });

  async function apply(args: { color: string; fontFamily?: string }, field: Field) {
    setErrors({});
    const context = editor.context() ?? ctx;
    const outcome = setTextStyle.perform(context, args);
    if (outcome.type === 'refused') {
      setErrors({ [field]: outcome.reason });
      editor.announce(outcome.reason);
      return;
    }
    if (outcome.type !== 'change') return;
    const result = await editor.submit(outcome.label, outcome.change);
    if (result.status !== 'failed') return;
    const at = fieldOf(result.error);
    if (at) setErrors({ [at]: describeError(result.error).detail });
  }

  const submitColor = (event: FormEvent) => {
    event.preventDefault();
    void apply({ color: colorDraft }, 'color');
  };
  const submitFont = (event: FormEvent) => {
    event.preventDefault();
    void apply({ color: sharedColor ?? colorDraft, fontFamily: fontDraft }, 'font');
  };
  const colorError = errors.color;
  const fontError = errors.font;
  const swatches = brandSwatches(brand.data);
  const brandFonts = brand.data?.fonts ?? [];

  return (
    <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <legend className="sr-only">Text style</legend>
      <p className="text-sm font-medium text-slate-900">Text style</p>
      <p className="flex items-center gap-2 text-xs text-slate-700">
        <span
          aria-hidden="true"
          className="h-4 w-4 rounded border border-slate-300"
          style={{ backgroundColor: sharedColor ?? 'transparent' }}
        />
        <span>
          Text colour: {sharedColor ?? (first ? 'several colours' : 'not set')}
          {carriesFont ? ` · Font: ${fonts.length === 1 ? fonts[0] : 'several fonts'}` : ''}
          {shared === undefined && items.length > 1 ? ` (${items.length} text items)` : ''}
        </span>
      </p>

      <div role="group" aria-labelledby={`${id}-brand`} className="flex flex-col gap-1">
        <p id={`${id}-brand`} className="text-xs font-medium text-slate-700">
          Brand
        </p>
        {brand.isPending ? (
          <p role="status" className="text-xs text-slate-600">
            Loading brand colours…
          </p>
        ) : brand.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-xs text-red-800">
            <span>
              Brand colours could not be loaded. {describeError(brand.error).title}:{' '}
              {describeError(brand.error).detail}
            </span>
            <Button variant="secondary" onClick={() => void brand.refetch()}>
              Retry brand colours
            </Button>
          </div>
        ) : swatches.length === 0 ? (
          <p className="text-xs text-slate-600">
            No brand set:{' '}
            <Link to="/onboarding" className="font-medium text-indigo-700 underline">
              finish onboarding
            </Link>{' '}
            in Settings.
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {swatches.map((swatch) => {
              const current = sharedColor?.toUpperCase() === swatch.hex.toUpperCase();
              return (
                <li key={`${swatch.name}-${swatch.hex}`}>
                  <button
                    type="button"
                    aria-label={`Brand ${swatch.name} ${swatch.hex}`}
                    aria-pressed={current}
                    title={`${swatch.name} ${swatch.hex}`}
                    disabled={disabled}
                    onClick={() => {
                      setColorDraft(swatch.hex);
                      void apply({ color: swatch.hex }, 'color');
                    }}
                    className="flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 text-xs font-bold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
                    style={{ backgroundColor: swatch.hex, color: contrastingInk(swatch.hex) }}
                  >
                    {current ? '✓' : ''}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <form onSubmit={submitColor} noValidate className="flex flex-col gap-1">
        <label htmlFor={`${id}-color`} className="text-xs font-medium text-slate-700">
          Text colour (#RRGGBB)
        </label>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-color`}
            value={colorDraft}
            placeholder="#1E40AF"
            disabled={disabled}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={colorError ? true : undefined}
            aria-describedby={colorError ? `${id}-color-error` : undefined}
            onChange={(event) => setColorDraft(event.target.value)}
            className="w-28 rounded-md border border-slate-300 px-2 py-1 font-mono text-sm disabled:bg-slate-100"
          />
          <input
            type="color"
            aria-label="Pick a text colour"
            value={/^#[0-9a-f]{6}$/i.test(colorDraft) ? colorDraft.toLowerCase() : '#000000'}
            disabled={disabled}
            onChange={(event) => setColorDraft(event.target.value.toUpperCase())}
            className="h-8 w-10 rounded border border-slate-300 disabled:opacity-50"
          />
          <Button type="submit" variant="secondary" disabled={disabled}>
            Apply colour
          </Button>
        </div>
        {colorError ? (
          <p id={`${id}-color-error`} className="text-xs text-red-700">
            {colorError}
          </p>
        ) : null}
      </form>

      {carriesFont ? (
        <form onSubmit={submitFont} noValidate className="flex flex-col gap-1">
          <label htmlFor={`${id}-font`} className="text-xs font-medium text-slate-700">
            Font family
          </label>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-font`}
              value={fontDraft}
              list={brandFonts.length ? `${id}-fonts` : undefined}
              disabled={disabled || sharedColor === undefined}
              autoComplete="off"
              aria-invalid={fontError ? true : undefined}
              aria-describedby={fontError ? `${id}-font-error` : undefined}
              onChange={(event) => setFontDraft(event.target.value)}
              className="w-40 rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
            />
            {brandFonts.length ? (
              <datalist id={`${id}-fonts`}>
                {brandFonts.map((font) => (
                  <option key={font} value={font}>
                    Brand font
                  </option>
                ))}
              </datalist>
            ) : null}
            <Button
              type="submit"
              variant="secondary"
              disabled={disabled || sharedColor === undefined}
            >
              Apply font
            </Button>
          </div>
          {fontError ? (
            <p id={`${id}-font-error`} className="text-xs text-red-700">
              {fontError}
            </p>
          ) : null}
          {sharedColor === undefined ? (
            <p className="text-xs text-slate-600">
              The selected items have different colours: set one colour first.
            </p>
          ) : null}
        </form>
      ) : null}
    </fieldset>
  );
}
