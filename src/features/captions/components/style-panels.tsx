/**
 * The inspector of the selected words (every word style field, text, emphasis, reset) and the
 * panel of the project's caption settings. Each field is a control from `style-controls.tsx`,
 * derived from the field table; each edit runs a command of the table (live while dragged).
 */
import { memo, useCallback, useMemo } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import type {
  CaptionFont,
  CaptionSettings,
  CaptionWord,
  CaptionWordStyle,
} from '@/api/schema.gen.ts';
import { indexOfWords } from '../model/caption-doc.ts';
import { resetStyle, setSettings, setStyle, setText, toggleEmphasis } from '../model/commands.ts';
import {
  groupFields,
  SETTINGS_FIELDS,
  toStyleValue,
  WORD_STYLE_FIELDS,
  type FieldSpec,
  type WordStyleKey,
} from '../model/style-fields.ts';
import type { Palette } from '../model/palette.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import {
  ColorField,
  EmojiField,
  FontField,
  NumberSliderField,
  SelectField,
  ShadowField,
  ToggleField,
} from './style-controls.tsx';
import { WordTextField } from './word-text-field.tsx';

const valuesOf = (key: WordStyleKey, value: string | number | boolean) => ({
  style: { [key]: toStyleValue(key, value) } as Partial<CaptionWordStyle>,
});

const settingsArgs = (field: FieldSpec<string>, value: string | number | boolean) => ({
  values: { [field.key]: value } as Partial<CaptionSettings>,
  what: field.label.toLowerCase(),
});

const refusalOf = (outcome: { type: string; reason?: string } | null) =>
  outcome && outcome.type === 'refused' ? (outcome.reason ?? null) : null;

type Preview<Key extends string> = (
  field: FieldSpec<Key>,
  value: string | number | boolean,
) => void;
type Commit<Key extends string> = (
  field: FieldSpec<Key>,
  value: string | number | boolean,
) => string | null;

/**
 * One control for a field; `value` null when the selection differs. Memoised with stable
 * callbacks: a change re-renders the controls whose value changed, not the whole inspector.
 */
const FieldControl = memo(function FieldControl<Key extends string>({
  field,
  value,
  fonts,
  palette,
  disabled,
  onPreview,
  onCommit,
}: {
  field: FieldSpec<Key>;
  value: unknown;
  fonts: readonly CaptionFont[];
  palette: Palette;
  disabled: boolean;
  onPreview: Preview<Key>;
  onCommit: Commit<Key>;
}) {
  const preview = (next: string | number | boolean) => onPreview(field, next);
  const commit = (next: string | number | boolean) => onCommit(field, next);
  const text = value === null ? null : value === undefined ? undefined : String(value);
  switch (field.kind) {
    case 'color':
      return (
        <ColorField
          label={field.label}
          value={text}
          swatches={palette.groups}
          disabled={disabled}
          onPreview={preview}
          onCommit={commit}
        />
      );
    case 'number':
      return (
        <NumberSliderField
          field={field}
          value={value === null ? null : value === undefined ? undefined : Number(value)}
          disabled={disabled}
          onPreview={preview}
          onCommit={commit}
        />
      );
    case 'select':
      return (
        <SelectField
          label={field.label}
          value={text}
          options={field.options ?? []}
          disabled={disabled}
          onCommit={commit}
        />
      );
    case 'toggle':
      return (
        <ToggleField
          label={field.label}
          value={value === null ? null : value === undefined ? undefined : value === true}
          disabled={disabled}
          onCommit={commit}
        />
      );
    case 'shadow':
      return <ShadowField label={field.label} value={text} disabled={disabled} onCommit={commit} />;
    case 'font':
      return (
        <FontField
          label={field.label}
          value={text}
          fonts={fonts}
          brandFonts={palette.fonts}
          disabled={disabled}
          onCommit={commit}
        />
      );
    case 'emoji':
      return <EmojiField label={field.label} value={text} disabled={disabled} onCommit={commit} />;
  }
}) as <Key extends string>(props: {
  field: FieldSpec<Key>;
  value: unknown;
  fonts: readonly CaptionFont[];
  palette: Palette;
  disabled: boolean;
  onPreview: Preview<Key>;
  onCommit: Commit<Key>;
}) => React.ReactNode;

/** The fields of a table, by group, each with its control (one table drives both panels). */
function FieldGroups<Key extends string>({
  fields,
  valueOf,
  fonts,
  palette,
  preview,
  commit,
}: {
  fields: ReadonlyArray<FieldSpec<Key>>;
  valueOf(key: Key): unknown;
  fonts: readonly CaptionFont[];
  palette: Palette;
  /** Stable (the controls are memoised). */
  preview: Preview<Key>;
  commit: Commit<Key>;
}) {
  return groupFields(fields).map(({ group, fields: inGroup }) => (
    <fieldset key={group} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <legend className="pr-2 text-sm font-semibold text-slate-800">{group}</legend>
      {inGroup.map((field) => (
        <FieldControl
          key={field.key}
          field={field}
          value={valueOf(field.key)}
          fonts={fonts}
          palette={palette}
          disabled={false}
          onPreview={preview}
          onCommit={commit}
        />
      ))}
    </fieldset>
  ));
}

/** The value every selected word has for each style field, or null where they differ. */
function sharedStyle(words: readonly CaptionWord[]): Partial<Record<WordStyleKey, unknown>> {
  const shared: Partial<Record<WordStyleKey, unknown>> = {};
  for (const field of WORD_STYLE_FIELDS) {
    const first = (words[0]?.style as Record<string, unknown> | undefined)?.[field.key];
    shared[field.key] = words.every(
      (word) => (word.style as Record<string, unknown> | undefined)?.[field.key] === first,
    )
      ? first
      : null;
  }
  return shared;
}

export const WordInspector = memo(function WordInspector({
  editor,
  words,
  selection,
  fonts,
  palette,
}: {
  editor: CaptionsEditor;
  words: readonly CaptionWord[];
  selection: ReadonlySet<string>;
  fonts: readonly CaptionFont[];
  palette: Palette;
}) {
  const selected = useMemo(() => {
    const index = indexOfWords(words);
    return [...selection].flatMap((id) => {
      const at = index.get(id);
      return at === undefined ? [] : [words[at]!];
    });
  }, [words, selection]);
  const shared = useMemo(() => sharedStyle(selected), [selected]);
  const preview = useCallback(
    (field: FieldSpec<WordStyleKey>, value: string | number | boolean) =>
      void editor.preview(setStyle, {
        values: valuesOf(field.key, value),
        what: field.label.toLowerCase(),
      }),
    [editor],
  );
  const commit = useCallback(
    (field: FieldSpec<WordStyleKey>, value: string | number | boolean) =>
      refusalOf(
        editor.commitLive(setStyle, {
          values: valuesOf(field.key, value),
          what: field.label.toLowerCase(),
        }),
      ),
    [editor],
  );
  if (selected.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Select a word in the list (Shift for a range, Ctrl/⌘ to add one), or search and select all
        matches, to style it here.
      </p>
    );
  }
  const single = selected.length === 1 ? selected[0]! : null;
  const emphasised = selected.every((word) => word.isEmphasis);
  const mixedEmphasis = !emphasised && selected.some((word) => word.isEmphasis);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        {single ? (
          <>
            Styling “<span className="font-semibold">{single.word}</span>”
          </>
        ) : (
          `Styling ${selected.length.toLocaleString('en')} words`
        )}
      </p>
      {single ? (
        <WordTextField
          key={single.id}
          word={single}
          onCommit={(text) => refusalOf(editor.run(setText, { id: single.id, text }))}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          aria-pressed={mixedEmphasis ? 'mixed' : emphasised}
          onClick={() => editor.run(toggleEmphasis, undefined)}
        >
          {emphasised ? 'Emphasised' : 'Emphasise'}
        </Button>
        <Button variant="secondary" onClick={() => editor.run(resetStyle, undefined)}>
          Reset to default
        </Button>
      </div>
      <FieldGroups
        fields={WORD_STYLE_FIELDS}
        valueOf={(key) => shared[key]}
        fonts={fonts}
        palette={palette}
        preview={preview}
        commit={commit}
      />
    </div>
  );
});

export const SettingsPanel = memo(function SettingsPanel({
  editor,
  settings,
  fonts,
  palette,
}: {
  editor: CaptionsEditor;
  settings: CaptionSettings;
  fonts: readonly CaptionFont[];
  palette: Palette;
}) {
  const values = settings as Record<string, unknown>;
  const preview = useCallback(
    (field: FieldSpec<string>, value: string | number | boolean) =>
      void editor.preview(setSettings, settingsArgs(field, value)),
    [editor],
  );
  const commit = useCallback(
    (field: FieldSpec<string>, value: string | number | boolean) =>
      refusalOf(editor.commitLive(setSettings, settingsArgs(field, value))),
    [editor],
  );
  return (
    <div className="flex flex-col gap-4">
      <FieldGroups
        fields={SETTINGS_FIELDS}
        valueOf={(key) => values[key]}
        fonts={fonts}
        palette={palette}
        preview={preview}
        commit={commit}
      />
    </div>
  );
});
