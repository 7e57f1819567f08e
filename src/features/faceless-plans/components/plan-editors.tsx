import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button.tsx';
import { Modal } from '@/components/modal.tsx';
import { TextAreaField, TextField } from '@/components/text-field.tsx';
import {
  withCharacterChange,
  withModels,
  withSceneChange,
  withStyleAnchorPrompt,
  withoutCharacter,
  withoutScene,
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
import type { FacelessPlanRevision, PlanCharacter, PlanScene } from '@/api/schema.gen.ts';

interface EditorProps {
  projectId: string;
  revision: FacelessPlanRevision;
  onClose(): void;
}

/**
 * The draft of the revision an editor changes, with `apply`: change the draft, then close. And
 * `submit`: validate, show the field errors, or apply the valid values.
 */
function useDraftEditor({ projectId, revision, onClose }: EditorProps) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const apply = (change: (current: PlanDraft) => PlanDraft) => {
    update(change);
    onClose();
  };
  const submit = <T extends Record<string, unknown>>(
    schema: Parameters<typeof validateEdit<T>>[0],
    input: unknown,
    showErrors: (errors: FieldErrors<T>) => void,
    change: (values: T) => (current: PlanDraft) => PlanDraft,
  ) => {
    const result = validateEdit(schema, input);
    if (result.ok) apply(change(result.values));
    else showErrors(result.errors);
  };
  return { draft, plan: revision.plan ?? {}, apply, submit };
}

/** Form values kept as text, with the props a field needs to show and change one of them. */
function useFormValues<V extends Record<string, unknown>, E>(initial: V, errors: FieldErrors<E>) {
  const [values, setValues] = useState(initial);
  const bind = <K extends keyof V & keyof E & string>(key: K) => ({
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    error: errors[key],
  });
  return { values, setValues, bind };
}

function EditorForm({
  title,
  onCancel,
  onSubmit,
  onRevert,
  children,
}: {
  title: string;
  onCancel(): void;
  onSubmit(): void;
  onRevert?: (() => void) | undefined;
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
  const { draft, plan, apply, submit } = useDraftEditor(props);
  const index = scene.index ?? 0;
  const pending = draft.changes.scenes?.find((change) => change.index === index);
  const start = { ...scene, ...pending };
  const [errors, setErrors] = useState<FieldErrors<SceneEdit>>({});
  const { values, setValues, bind } = useFormValues(
    {
      title: start.title ?? '',
      narration: start.narration ?? '',
      originalCue: start.originalCue ?? '',
      imagePrompt: start.imagePrompt ?? '',
      motionPrompt: start.motionPrompt ?? '',
      duration: String(start.durationSeconds ?? ''),
      locationId: start.locationId ?? '',
      characterIds: start.characterIds ?? [],
    },
    errors,
  );
  const locations = plan.storyKitSnapshot?.locations ?? [];
  const legendId = useId();
  return (
    <EditorForm
      title={`Edit scene ${index + 1}`}
      onCancel={props.onClose}
      onRevert={pending ? () => apply((current) => withoutScene(current, index)) : undefined}
      onSubmit={() =>
        submit(
          sceneEditSchema,
          {
            ...values,
            durationSeconds: values.duration.trim() === '' ? Number.NaN : Number(values.duration),
          },
          setErrors,
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
  const { draft, plan, apply, submit } = useDraftEditor(props);
  const id = character.id ?? '';
  const pending = draft.changes.characters?.find((change) => change.id === id);
  const start = { ...character, ...pending };
  const [errors, setErrors] = useState<FieldErrors<CharacterEdit>>({});
  const { values, setValues, bind } = useFormValues(
    {
      name: start.name ?? '',
      canonicalDescription: start.canonicalDescription ?? '',
      anchorPrompt: start.anchorPrompt ?? '',
      voiceId: start.voiceId ?? '',
      voiceStyle: start.voiceStyle ?? '',
      storyFacts: (start.storyFacts ?? []).join('\n'),
      referenceAssetIds: start.referenceAssetIds ?? [],
    },
    errors,
  );
  const choices = [
    ...referenceChoices,
    ...values.referenceAssetIds
      .filter((assetId) => !referenceChoices.some((choice) => choice.assetId === assetId))
      .map((assetId) => ({ assetId, name: assetId })),
  ];
  return (
    <EditorForm
      title={`Edit ${character.name ?? 'character'}`}
      onCancel={props.onClose}
      onRevert={pending ? () => apply((current) => withoutCharacter(current, id)) : undefined}
      onSubmit={() =>
        submit(
          characterEditSchema,
          { ...values, storyFacts: linesToList(values.storyFacts) },
          setErrors,
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
  const { draft, plan, apply, submit } = useDraftEditor(props);
  const [errors, setErrors] = useState<FieldErrors<Record<ModelKey, string>>>({});
  const { values, bind } = useFormValues(
    {
      plannerModelId: draft.changes.models?.plannerModelId ?? plan.plannerModelId ?? '',
      imageModelId: draft.changes.models?.imageModelId ?? plan.imageModelId ?? '',
      videoModelId: draft.changes.models?.videoModelId ?? plan.videoModelId ?? '',
    },
    errors,
  );
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
      onCancel={props.onClose}
      onRevert={
        draft.changes.models
          ? () =>
              apply((current) =>
                withModels({ ...current, changes: { ...current.changes, models: {} } }, plan, {}),
              )
          : undefined
      }
      onSubmit={() =>
        submit(
          modelsEditSchema,
          values,
          setErrors,
          (models) => (current) => withModels(current, plan, models),
        )
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

export function StyleAnchorEditor(props: EditorProps) {
  const { draft, plan, apply, submit } = useDraftEditor(props);
  const [errors, setErrors] = useState<FieldErrors<{ styleAnchorPrompt: string }>>({});
  const { values, bind } = useFormValues(
    { styleAnchorPrompt: draft.changes.styleAnchorPrompt ?? plan.styleAnchorPrompt ?? '' },
    errors,
  );
  return (
    <EditorForm
      title="Edit the style anchor prompt"
      onCancel={props.onClose}
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
          setErrors,
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
