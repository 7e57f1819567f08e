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
import { usePlanDraft } from '../use-plan-draft.ts';
import type { FacelessPlanRevision, PlanCharacter, PlanScene } from '@/api/schema.gen.ts';

interface EditorProps {
  projectId: string;
  revision: FacelessPlanRevision;
  onClose(): void;
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

export function SceneEditor({
  projectId,
  revision,
  scene,
  onClose,
}: EditorProps & { scene: PlanScene }) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const plan = revision.plan ?? {};
  const index = scene.index ?? 0;
  const pending = draft.changes.scenes?.find((change) => change.index === index);
  const start = { ...scene, ...pending };
  const [values, setValues] = useState({
    title: start.title ?? '',
    narration: start.narration ?? '',
    originalCue: start.originalCue ?? '',
    imagePrompt: start.imagePrompt ?? '',
    motionPrompt: start.motionPrompt ?? '',
    duration: String(start.durationSeconds ?? ''),
    locationId: start.locationId ?? '',
    characterIds: start.characterIds ?? [],
  });
  const [errors, setErrors] = useState<FieldErrors<SceneEdit>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const locations = plan.storyKitSnapshot?.locations ?? [];
  const legendId = useId();
  return (
    <EditorForm
      title={`Edit scene ${index + 1}`}
      onCancel={onClose}
      onRevert={
        pending
          ? () => {
              update((current) => withoutScene(current, index));
              onClose();
            }
          : undefined
      }
      onSubmit={() => {
        const result = validateEdit(sceneEditSchema, {
          ...values,
          durationSeconds: values.duration.trim() === '' ? Number.NaN : Number(values.duration),
        });
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        update((current) => withSceneChange(current, plan, index, result.values));
        onClose();
      }}
    >
      <TextField label="Title" value={values.title} onChange={set('title')} error={errors.title} />
      <TextAreaField
        label="Narration"
        rows={2}
        value={values.narration}
        onChange={set('narration')}
        error={errors.narration}
      />
      <TextAreaField
        label="Original cue"
        rows={2}
        value={values.originalCue}
        onChange={set('originalCue')}
        error={errors.originalCue}
      />
      <TextAreaField
        label="Image prompt"
        rows={3}
        value={values.imagePrompt}
        onChange={set('imagePrompt')}
        error={errors.imagePrompt}
        hint="Changing it regenerates this scene's keyframe and QA."
      />
      <TextAreaField
        label="Motion prompt"
        rows={2}
        value={values.motionPrompt}
        onChange={set('motionPrompt')}
        error={errors.motionPrompt}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Duration (seconds)"
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0.1}
          max={60}
          value={values.duration}
          onChange={set('duration')}
          error={errors.durationSeconds}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${legendId}-location`} className="text-sm font-medium text-slate-700">
            Location
          </label>
          <select
            id={`${legendId}-location`}
            value={values.locationId}
            onChange={set('locationId')}
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
  projectId,
  revision,
  character,
  referenceChoices,
  onClose,
}: EditorProps & {
  character: PlanCharacter;
  /** Workspace references of the character the reviewer may pick from. */
  referenceChoices: Array<{ assetId: string; name: string }>;
}) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const plan = revision.plan ?? {};
  const id = character.id ?? '';
  const pending = draft.changes.characters?.find((change) => change.id === id);
  const start = { ...character, ...pending };
  const [values, setValues] = useState({
    name: start.name ?? '',
    canonicalDescription: start.canonicalDescription ?? '',
    anchorPrompt: start.anchorPrompt ?? '',
    voiceId: start.voiceId ?? '',
    voiceStyle: start.voiceStyle ?? '',
    storyFacts: (start.storyFacts ?? []).join('\n'),
    referenceAssetIds: start.referenceAssetIds ?? [],
  });
  const [errors, setErrors] = useState<FieldErrors<CharacterEdit>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const choices = [
    ...referenceChoices,
    ...values.referenceAssetIds
      .filter((assetId) => !referenceChoices.some((choice) => choice.assetId === assetId))
      .map((assetId) => ({ assetId, name: assetId })),
  ];
  return (
    <EditorForm
      title={`Edit ${character.name ?? 'character'}`}
      onCancel={onClose}
      onRevert={
        pending
          ? () => {
              update((current) => withoutCharacter(current, id));
              onClose();
            }
          : undefined
      }
      onSubmit={() => {
        const result = validateEdit(characterEditSchema, {
          ...values,
          storyFacts: linesToList(values.storyFacts),
        });
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        update((current) => withCharacterChange(current, plan, id, result.values));
        onClose();
      }}
    >
      <TextField label="Name" value={values.name} onChange={set('name')} error={errors.name} />
      <TextAreaField
        label="Canonical description"
        rows={2}
        value={values.canonicalDescription}
        onChange={set('canonicalDescription')}
        error={errors.canonicalDescription}
        hint="Changing the description, anchor prompt or references regenerates the anchor and every scene showing this character."
      />
      <TextAreaField
        label="Anchor prompt"
        rows={2}
        value={values.anchorPrompt}
        onChange={set('anchorPrompt')}
        error={errors.anchorPrompt}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Voice"
          value={values.voiceId}
          onChange={set('voiceId')}
          error={errors.voiceId}
        />
        <TextField
          label="Voice style"
          value={values.voiceStyle}
          onChange={set('voiceStyle')}
          error={errors.voiceStyle}
        />
      </div>
      <TextAreaField
        label="Story facts (one per line)"
        rows={3}
        value={values.storyFacts}
        onChange={set('storyFacts')}
        error={errors.storyFacts}
      />
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
  projectId,
  revision,
  knownModels,
  onClose,
}: EditorProps & {
  knownModels: Record<'plannerModelId' | 'imageModelId' | 'videoModelId', string[]>;
}) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const plan = revision.plan ?? {};
  const [values, setValues] = useState({
    plannerModelId: draft.changes.models?.plannerModelId ?? plan.plannerModelId ?? '',
    imageModelId: draft.changes.models?.imageModelId ?? plan.imageModelId ?? '',
    videoModelId: draft.changes.models?.videoModelId ?? plan.videoModelId ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});
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
      onCancel={onClose}
      onRevert={
        draft.changes.models
          ? () => {
              update((current) =>
                withModels({ ...current, changes: { ...current.changes, models: {} } }, plan, {}),
              );
              onClose();
            }
          : undefined
      }
      onSubmit={() => {
        const result = validateEdit(modelsEditSchema, values);
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        update((current) => withModels(current, plan, result.values));
        onClose();
      }}
    >
      {fields.map(([key, label, hint]) => (
        <div key={key}>
          <TextField
            label={label}
            value={values[key]}
            list={`${listId}-${key}`}
            hint={hint}
            error={errors[key]}
            onChange={(event) =>
              setValues((current) => ({ ...current, [key]: event.target.value }))
            }
          />
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

export function StyleAnchorEditor({ projectId, revision, onClose }: EditorProps) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const plan = revision.plan ?? {};
  const [value, setValue] = useState(
    draft.changes.styleAnchorPrompt ?? plan.styleAnchorPrompt ?? '',
  );
  const [error, setError] = useState<string | undefined>();
  return (
    <EditorForm
      title="Edit the style anchor prompt"
      onCancel={onClose}
      onRevert={
        draft.changes.styleAnchorPrompt !== undefined
          ? () => {
              update((current) =>
                withStyleAnchorPrompt(current, plan, plan.styleAnchorPrompt ?? ''),
              );
              onClose();
            }
          : undefined
      }
      onSubmit={() => {
        const result = validateEdit(styleAnchorEditSchema, { styleAnchorPrompt: value });
        if (!result.ok) {
          setError(result.errors.styleAnchorPrompt);
          return;
        }
        update((current) => withStyleAnchorPrompt(current, plan, result.values.styleAnchorPrompt));
        onClose();
      }}
    >
      <TextAreaField
        label="Style anchor prompt"
        rows={4}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        hint="Changing it regenerates the style anchor and every keyframe."
      />
    </EditorForm>
  );
}
