import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { planRevisionsQueryOptions } from '../api/plans-queries.ts';
import { formatSeconds } from '@/lib/format.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import { AssetImage, Badge, Field, Section } from './plan-bits.tsx';
import { ModelsEditor, StyleAnchorEditor } from './plan-editors.tsx';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

const yesNo = (value: boolean | undefined) => (value === undefined ? '—' : value ? 'Yes' : 'No');

/** Script, production settings, models, style anchor and the story kit snapshot. */
export function PlanOverview({
  projectId,
  revision,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
}) {
  const plan = revision.plan ?? {};
  const kit = plan.storyKitSnapshot;
  const { draft } = usePlanDraft(projectId, revision.id);
  // Text typed into the models or style anchor editor before a reload reopens that editor.
  const [editing, setEditing] = useState<'models' | 'style' | null>(() =>
    draft.unsaved?.target.kind === 'models'
      ? 'models'
      : draft.unsaved?.target.kind === 'styleAnchor'
        ? 'style'
        : null,
  );
  const revisions = useQuery(planRevisionsQueryOptions(projectId));
  // Model ids seen across the plan's revisions, offered as suggestions.
  const knownModels = useMemo(() => {
    const seen = {
      plannerModelId: new Set<string>(),
      imageModelId: new Set<string>(),
      videoModelId: new Set<string>(),
    };
    for (const item of [revision, ...(revisions.data?.revisions ?? [])]) {
      for (const key of ['plannerModelId', 'imageModelId', 'videoModelId'] as const) {
        const value = item.plan?.[key];
        if (value) seen[key].add(value);
      }
    }
    return {
      plannerModelId: [...seen.plannerModelId],
      imageModelId: [...seen.imageModelId],
      videoModelId: [...seen.videoModelId],
    };
  }, [revision, revisions.data]);
  const total = plan.scenes?.reduce((end, scene) => Math.max(end, scene.endSeconds ?? 0), 0) ?? 0;
  const inDraft = <T,>(value: T | undefined) =>
    value !== undefined ? <Badge tone="attention">changed in draft</Badge> : null;

  return (
    <div className="flex flex-col gap-6">
      <Section title="Production" id="production-heading">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Field label="Production profile">{plan.productionProfile}</Field>
          <Field label="Visual mode">{plan.visualMode}</Field>
          <Field label="Aspect ratio">{plan.aspectRatio}</Field>
          <Field label="Plan format">{plan.version}</Field>
          <Field label="Scenes">{`${plan.scenes?.length ?? 0} · ${formatSeconds(total)} in all`}</Field>
          <Field label="Voice">{plan.voiceId}</Field>
          <Field label="Captions">{yesNo(plan.includeCaptions)}</Field>
          <Field label="Caption style">{plan.captionStyleId}</Field>
          <Field label="Background music">{yesNo(plan.generateBackgroundMusic)}</Field>
          <Field label="Sound effects">{yesNo(plan.generateSoundEffects)}</Field>
        </dl>
      </Section>

      <Section
        title="Models"
        id="models-heading"
        actions={
          <Button variant="secondary" onClick={() => setEditing('models')}>
            Edit models
          </Button>
        }
      >
        <dl className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ['plannerModelId', 'Planner model'],
              ['imageModelId', 'Image model'],
              ['videoModelId', 'Video model'],
            ] as const
          ).map(([key, label]) => (
            <Field key={key} label={label}>
              <span className="font-mono">{plan[key]}</span>
              {draft.changes.models?.[key] !== undefined ? (
                <span className="mt-1 block text-amber-900">
                  Draft: <span className="font-mono">{draft.changes.models[key]}</span>
                </span>
              ) : null}
            </Field>
          ))}
        </dl>
      </Section>

      <Section
        title="Style anchor"
        id="style-heading"
        actions={
          <Button variant="secondary" onClick={() => setEditing('style')}>
            Edit style anchor prompt
          </Button>
        }
      >
        <p className="text-sm">{plan.styleAnchorPrompt ?? '—'}</p>
        {draft.changes.styleAnchorPrompt !== undefined ? (
          <p className="mt-2 text-sm text-amber-900">
            {inDraft(draft.changes.styleAnchorPrompt)} {draft.changes.styleAnchorPrompt}
          </p>
        ) : null}
      </Section>

      <Section title="Script" id="script-heading">
        <p className="whitespace-pre-line text-sm leading-relaxed">{plan.script || '—'}</p>
      </Section>

      <Section title={`Story kit: ${kit?.name ?? '—'}`} id="kit-heading">
        {kit ? (
          <div className="flex flex-col gap-5">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Field label="Description">{kit.description}</Field>
              <Field label="Visual style">{kit.visualStyle}</Field>
              <Field label="Snapshot">{`${kit.version ?? ''} · kit ${kit.storyKitId ?? ''} rev ${kit.revision ?? '—'}`}</Field>
            </dl>
            <div>
              <h3 className="mb-1 font-medium">Facts</h3>
              {kit.facts?.length ? (
                <ul className="list-disc pl-5 text-sm">
                  {kit.facts.map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No facts.</p>
              )}
            </div>
            <div>
              <h3 className="mb-1 font-medium">Locations</h3>
              <ul className="grid gap-3 sm:grid-cols-2">
                {(kit.locations ?? []).map((location) => (
                  <li key={location.id} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="font-medium">{location.name}</p>
                    <p className="text-slate-700">{location.canonicalDescription}</p>
                    {location.facts?.length ? (
                      <p className="mt-1 text-slate-700">Facts: {location.facts.join(' ')}</p>
                    ) : null}
                    <ReferenceImages
                      owner={location.name ?? 'the location'}
                      assetIds={location.referenceAssetIds}
                    />
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="mb-1 font-medium">Characters</h3>
              <ul className="grid gap-3 sm:grid-cols-2">
                {(kit.characters ?? []).map((character) => (
                  <li
                    key={character.characterId}
                    className="rounded-md border border-slate-200 p-3 text-sm"
                  >
                    <p className="font-medium">
                      {character.name}{' '}
                      <span className="font-normal text-slate-600">
                        ({character.type ?? '—'}, {character.species ?? '—'})
                      </span>
                    </p>
                    <p className="text-slate-700">{character.canonicalDescription}</p>
                    <p className="mt-1 text-slate-700">
                      Voice {character.defaultVoiceId || '—'} · {character.defaultVoiceStyle || '—'}
                    </p>
                    {character.storyFacts?.length ? (
                      <p className="mt-1 text-slate-700">Facts: {character.storyFacts.join(' ')}</p>
                    ) : null}
                    <ReferenceImages
                      owner={character.name ?? 'the character'}
                      assetIds={character.referenceAssetIds}
                      primaryId={character.primaryReferenceAssetId}
                    />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600">This plan carries no story kit snapshot.</p>
        )}
      </Section>

      {editing === 'models' ? (
        <ModelsEditor
          projectId={projectId}
          revision={revision}
          knownModels={knownModels}
          onClose={() => setEditing(null)}
        />
      ) : editing === 'style' ? (
        <StyleAnchorEditor
          projectId={projectId}
          revision={revision}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** The reference images a story kit location or character carries, the primary one marked. */
function ReferenceImages({
  owner,
  assetIds,
  primaryId,
}: {
  owner: string;
  assetIds: string[] | undefined;
  primaryId?: string | undefined;
}) {
  const ids = assetIds ?? [];
  if (ids.length === 0) {
    return <p className="mt-1 text-xs text-slate-600">No reference images.</p>;
  }
  return (
    <>
      <p className="mt-2 text-xs font-medium text-slate-600">References</p>
      <ul aria-label={`References of ${owner}`} className="mt-1 flex flex-wrap gap-2">
        {ids.map((assetId, position) => {
          const primary = Boolean(primaryId) && assetId === primaryId;
          const label = `Reference ${position + 1} of ${owner}${primary ? ' (primary)' : ''}`;
          return (
            <li key={assetId} aria-label={label} className="flex flex-col items-start gap-1">
              <AssetImage assetId={assetId} alt={label} className="h-24 w-[54px]" />
              {primary ? <Badge tone="success">Primary</Badge> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
