import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Modal } from '@/components/modal.tsx';
import { TextAreaField, TextField } from '@/components/text-field.tsx';
import {
  unsavedValuesFor,
  withCharacterChange,
  withModels,
  withSceneChange,
  withStyleAnchorPrompt,
  withUnsavedEdit,
  withoutCharacter,
  withoutScene,
  withoutUnsavedEdit,
  type EditTarget,
  type EditValues,
} from '../plan-draft.ts';
import {
  characterEditSchema,
  linesToList,
  modelsEditSchema,
  sceneEditSchema,
  styleAnchorEditSchema,
  validateEdit,
  type CharacterEdit,
  type FieldErrors,
  type SceneEdit,
} from '../plan-edit-schemas.ts';
import type { PlanDraft } from '../plan-draft.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import type { FacelessPlanRevision, Plan, PlanCharacter, PlanScene } from '@/api/schema.gen.ts';

interface EditorProps {
  projectId: string;
  revision: FacelessPlanRevision;
  onClose(): void;
}

/**
 * The draft of the revision an editor changes, and the editor's form values, kept as text. What is
 * typed is recorded in the draft as not yet saved (so it survives a reload, and the editor reopens
 * with it); saving into the draft, cancelling or discarding drops that record.
 *
 * `apply`: change the draft, then close. `submit`: validate, show the field errors, or apply the
 * valid values. `restored`: the editor opened with text typed before (e.g. before a reload).
 */
function useDraftEditor<V extends EditValues, E>(
  { projectId, revision, onClose }: EditorProps,
  target: EditTarget,
  initialOf: (draft: PlanDraft, plan: Plan) => V,
) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const plan = revision.plan ?? {};
  const [initial] = useState(() => initialOf(draft, plan));
  const [restoredValues] = useState(() => unsavedValuesFor(draft, target, initial));
  const [restored, setRestored] = useState(restoredValues !== null);
  const [values, setValuesState] = useState<V>(restoredValues ?? initial);
  const [errors, setErrors] = useState<FieldErrors<E>>({});
  const setValues = (change: (current: V) => V) => {
    const next = change(values);
    setValuesState(next);
    update((current) => withUnsavedEdit(current, target, next, initial));
  };
  const bind = <K extends keyof V & keyof E & string>(key: K) => ({
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    error: errors[key],
  });
  const apply = (change: (current: PlanDraft) => PlanDraft) => {
    update((current) => withoutUnsavedEdit(change(current), target));
    onClose();
  };
  const cancel = () => {
    update((current) => withoutUnsavedEdit(current, target));
    onClose();
  };
  const discardTyped = () => {
    setValuesState(initial);
    setRestored(false);
    update((current) => withoutUnsavedEdit(current, target));
  };
  const submit = <T extends Record<string, unknown>>(
    schema: Parameters<typeof validateEdit<T>>[0],
    input: unknown,
    change: (values: T) => (current: PlanDraft) => PlanDraft,
  ) => {
    const result = validateEdit(schema, input);
    if (result.ok) apply(change(result.values));
    else setErrors(result.errors as FieldErrors<E>);
  };
  return {
    draft,
    plan,
    values,
    setValues,
    bind,
    errors,
    apply,
    cancel,
    submit,
    restored: restored ? discardTyped : undefined,
  };
}

function EditorForm({
  title,
  onCancel,
  onSubmit,
  onRevert,
  onDiscardTyped,
  children,
}: {
  title: string;
  onCancel(): void;
  onSubmit(): void;
  onRevert?: (() => void) | undefined;
  /** Set when the editor opened with text typed earlier, not yet saved into the draft. */
  onDiscardTyped?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onCancel={onCancel} wide>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <p className="text-sm text-slate-700">
          Changes go into the draft of this revision; nothing is sent until you review and send it.
        </p>
        {onDiscardTyped ? (
          <div
            role="status"
            className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
          >
            <p className="mr-auto">
              Restored what you typed here earlier. It is not yet added to the draft: save it to the
              draft, or discard it.
            </p>
            <Button variant="secondary" onClick={onDiscardTyped}>
              Discard typed text
            </Button>
          </div>
        ) : null}
        {children}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          {onRevert ? (
            <Button variant="ghost" onClick={onRevert} className="mr-auto">
              Undo draft changes here
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save to draft</Button>
        </div>
      </form>
    </Modal>
  );
}

/** A set of ids picked with checkboxes, in the order of `choices`. */
function CheckboxList({
  legend,
  empty,
  choices,
  selected,
  onChange,
  error,
}: {
  legend: string;
  empty: string;
  choices: Array<{ value: string; label: string }>;
  selected: string[];
  onChange(values: string[]): void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={selected.includes(choice.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, choice.value]
                      : selected.filter((value) => value !== choice.value),
                  )
                }
              />
              {choice.label}
            </label>
          ))}
        </div>
      )}
      {error ? <p className="mt-1 text-xs text-red-700">{error}</p> : null}
    </fieldset>
  );
}

export function SceneEditor({ scene, ...props }: EditorProps & { scene: PlanScene }) {
  const index = scene.index ?? 0;
  const { draft, plan, values, setValues, bind, errors, apply, cancel, submit, restored } =
    useDraftEditor<SceneValues, SceneEdit>(props, { kind: 'scene', index }, (current) => {
      const pending = current.changes.scenes?.find((change) => change.index === index);
      const start = { ...scene, ...pending };
      return {
        title: start.title ?? '',
        narration: start.narration ?? '',
        originalCue: start.originalCue ?? '',
        imagePrompt: start.imagePrompt ?? '',
        motionPrompt: start.motionPrompt ?? '',
        duration: String(start.durationSeconds ?? ''),
        locationId: start.locationId ?? '',
        characterIds: start.characterIds ?? [],
      };
    });
  const pending = draft.changes.scenes?.find((change) => change.index === index);
  const locations = plan.storyKitSnapshot?.locations ?? [];
  const legendId = useId();
  return (
    <EditorForm
      title={`Edit scene ${index + 1}`}
      onCancel={cancel}
      onDiscardTyped={restored}
      onRevert={pending ? () => apply((current) => withoutScene(current, index)) : undefined}
      onSubmit={() =>
        submit(
          sceneEditSchema,
          {
            ...values,
            durationSeconds: values.duration.trim() === '' ? Number.NaN : Number(values.duration),
          },
          (edit) => (current) => withSceneChange(current, plan, index, edit),
        )
      }
    >
      <TextField label="Title" {...bind('title')} />
      <TextAreaField label="Narration" rows={2} {...bind('narration')} />
      <TextAreaField label="Original cue" rows={2} {...bind('originalCue')} />
      <TextAreaField
        label="Image prompt"
        rows={3}
        {...bind('imagePrompt')}
        hint="Changing it regenerates this scene's keyframe and QA."
      />
      <TextAreaField label="Motion prompt" rows={2} {...bind('motionPrompt')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Duration (seconds)"
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0.1}
          max={60}
          value={values.duration}
          onChange={(event) =>
            setValues((current) => ({ ...current, duration: event.target.value }))
          }
          error={errors.durationSeconds}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${legendId}-location`} className="text-sm font-medium text-slate-700">
            Location
          </label>
          <select
            id={`${legendId}-location`}
            value={values.locationId}
            onChange={bind('locationId').onChange}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name ?? location.id}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CheckboxList
        legend="Characters in this scene"
        empty="The plan has no characters."
        choices={(plan.characters ?? []).map((character) => ({
          value: character.id ?? '',
          label: character.name ?? character.id ?? '',
        }))}
        selected={values.characterIds}
        onChange={(characterIds) => setValues((current) => ({ ...current, characterIds }))}
        error={errors.characterIds}
      />
    </EditorForm>
  );
}

export function CharacterEditor({
  character,
  referenceChoices,
  ...props
}: EditorProps & {
  character: PlanCharacter;
  /** Workspace references of the character the reviewer may pick from. */
  referenceChoices: Array<{ assetId: string; name: string }>;
}) {
  const id = character.id ?? '';
  const { draft, plan, values, setValues, bind, errors, apply, cancel, submit, restored } =
    useDraftEditor<CharacterValues, CharacterEdit>(props, { kind: 'character', id }, (current) => {
      const pending = current.changes.characters?.find((change) => change.id === id);
      const start = { ...character, ...pending };
      return {
        name: start.name ?? '',
        canonicalDescription: start.canonicalDescription ?? '',
        anchorPrompt: start.anchorPrompt ?? '',
        voiceId: start.voiceId ?? '',
        voiceStyle: start.voiceStyle ?? '',
        storyFacts: (start.storyFacts ?? []).join('\n'),
        referenceAssetIds: start.referenceAssetIds ?? [],
      };
    });
  const pending = draft.changes.characters?.find((change) => change.id === id);
  const choices = [
    ...referenceChoices,
    ...values.referenceAssetIds
      .filter((assetId) => !referenceChoices.some((choice) => choice.assetId === assetId))
      .map((assetId) => ({ assetId, name: assetId })),
  ];
  return (
    <EditorForm
      title={`Edit ${character.name ?? 'character'}`}
      onCancel={cancel}
      onDiscardTyped={restored}
      onRevert={pending ? () => apply((current) => withoutCharacter(current, id)) : undefined}
      onSubmit={() =>
        submit(
          characterEditSchema,
          { ...values, storyFacts: linesToList(values.storyFacts) },
          (edit) => (current) => withCharacterChange(current, plan, id, edit),
        )
      }
    >
      <TextField label="Name" {...bind('name')} />
      <TextAreaField
        label="Canonical description"
        rows={2}
        {...bind('canonicalDescription')}
        hint="Changing the description, anchor prompt or references regenerates the anchor and every scene showing this character."
      />
      <TextAreaField label="Anchor prompt" rows={2} {...bind('anchorPrompt')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Voice" {...bind('voiceId')} />
        <TextField label="Voice style" {...bind('voiceStyle')} />
      </div>
      <TextAreaField label="Story facts (one per line)" rows={3} {...bind('storyFacts')} />
      <CheckboxList
        legend="References used for the anchor"
        empty="This character has no references."
        choices={choices.map((choice) => ({ value: choice.assetId, label: choice.name }))}
        selected={values.referenceAssetIds}
        onChange={(referenceAssetIds) =>
          setValues((current) => ({ ...current, referenceAssetIds }))
        }
        error={errors.referenceAssetIds}
      />
    </EditorForm>
  );
}

export function ModelsEditor({
  knownModels,
  ...props
}: EditorProps & {
  knownModels: Record<'plannerModelId' | 'imageModelId' | 'videoModelId', string[]>;
}) {
  const { draft, plan, values, bind, apply, cancel, submit, restored } = useDraftEditor<
    Record<ModelKey, string>,
    Record<ModelKey, string>
  >(props, { kind: 'models' }, (current, source) => ({
    plannerModelId: current.changes.models?.plannerModelId ?? source.plannerModelId ?? '',
    imageModelId: current.changes.models?.imageModelId ?? source.imageModelId ?? '',
    videoModelId: current.changes.models?.videoModelId ?? source.videoModelId ?? '',
  }));
  const listId = useId();
  const fields = [
    [
      'plannerModelId',
      'Planner model',
      'A revise calls no planning model: changing it affects later plans only.',
    ],
    [
      'imageModelId',
      'Image model',
      'Changing it regenerates every keyframe, anchor and QA verdict.',
    ],
    ['videoModelId', 'Video model', 'Used when the assets are approved; keyframes are kept.'],
  ] as const;
  return (
    <EditorForm
      title="Edit models"
      onCancel={cancel}
      onDiscardTyped={restored}
      onRevert={
        draft.changes.models
          ? () =>
              apply((current) =>
                withModels({ ...current, changes: { ...current.changes, models: {} } }, plan, {}),
              )
          : undefined
      }
      onSubmit={() =>
        submit(modelsEditSchema, values, (models) => (current) => withModels(current, plan, models))
      }
    >
      {fields.map(([key, label, hint]) => (
        <div key={key}>
          <TextField label={label} list={`${listId}-${key}`} hint={hint} {...bind(key)} />
          <datalist id={`${listId}-${key}`}>
            {knownModels[key].map((model) => (
              <option key={model} value={model} />
            ))}
          </datalist>
        </div>
      ))}
    </EditorForm>
  );
}

type ModelKey = 'plannerModelId' | 'imageModelId' | 'videoModelId';

type SceneValues = {
  title: string;
  narration: string;
  originalCue: string;
  imagePrompt: string;
  motionPrompt: string;
  duration: string;
  locationId: string;
  characterIds: string[];
};

type CharacterValues = {
  name: string;
  canonicalDescription: string;
  anchorPrompt: string;
  voiceId: string;
  voiceStyle: string;
  storyFacts: string;
  referenceAssetIds: string[];
};

export function StyleAnchorEditor(props: EditorProps) {
  const { draft, plan, values, bind, apply, cancel, submit, restored } = useDraftEditor<
    { styleAnchorPrompt: string },
    { styleAnchorPrompt: string }
  >(props, { kind: 'styleAnchor' }, (current, source) => ({
    styleAnchorPrompt: current.changes.styleAnchorPrompt ?? source.styleAnchorPrompt ?? '',
  }));
  return (
    <EditorForm
      title="Edit the style anchor prompt"
      onCancel={cancel}
      onDiscardTyped={restored}
      onRevert={
        draft.changes.styleAnchorPrompt !== undefined
          ? () =>
              apply((current) => withStyleAnchorPrompt(current, plan, plan.styleAnchorPrompt ?? ''))
          : undefined
      }
      onSubmit={() =>
        submit(
          styleAnchorEditSchema,
          values,
          (edit) => (current) => withStyleAnchorPrompt(current, plan, edit.styleAnchorPrompt),
        )
      }
    >
      <TextAreaField
        label="Style anchor prompt"
        rows={4}
        {...bind('styleAnchorPrompt')}
        hint="Changing it regenerates the style anchor and every keyframe."
      />
    </EditorForm>
  );
}
