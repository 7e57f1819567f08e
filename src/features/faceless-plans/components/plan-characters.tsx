import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '@/api/client.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { pushToast } from '@/lib/toast-store.ts';
import { characterQueryOptions, useSetPrimaryReference } from '../api/plans-queries.ts';
import { formatSceneList } from '../plan-format.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import { AssetImage, Badge, Field, Section } from './plan-bits.tsx';
import { CharacterEditor } from './plan-editors.tsx';
import type { Character, FacelessPlanRevision, PlanCharacter } from '@/api/schema.gen.ts';
import type { NoteMarkerSlot } from './note-marker-slot.ts';

/** The plan's characters: anchor, description, voice, facts, and their references. */
export function PlanCharacters({
  projectId,
  revision,
  NoteMarker,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  /** Each character's notes (another feature's marker, composed by the route). */
  NoteMarker?: NoteMarkerSlot | undefined;
}) {
  const characters = revision.plan?.characters ?? [];
  if (characters.length === 0) {
    return (
      <EmptyState title="No characters">
        This plan is narrated without on-screen characters.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {characters.map((character) => (
        <CharacterCard
          key={character.id}
          NoteMarker={NoteMarker}
          projectId={projectId}
          revision={revision}
          character={character}
        />
      ))}
    </div>
  );
}

function CharacterCard({
  NoteMarker,
  projectId,
  revision,
  character,
}: {
  NoteMarker: NoteMarkerSlot | undefined;
  projectId: string;
  revision: FacelessPlanRevision;
  character: PlanCharacter;
}) {
  const id = character.id ?? '';
  const anchor = revision.preproduction_assets?.characterAnchors?.find(
    (item) => item.characterId === id,
  );
  const scenes = (revision.plan?.scenes ?? [])
    .filter((scene) => scene.characterIds?.includes(id))
    .map((scene) => scene.index ?? 0);
  const workspaceCharacter = useQuery({
    ...characterQueryOptions(character.sourceCharacterId ?? ''),
    enabled: Boolean(character.sourceCharacterId),
  });
  const { draft } = usePlanDraft(projectId, revision.id);
  const inDraft = draft.changes.characters?.find((change) => change.id === id);
  // Text typed into this character's editor before a reload reopens that editor.
  const [editing, setEditing] = useState(() => {
    const target = draft.unsaved?.target;
    return target?.kind === 'character' && target.id === id;
  });
  const headingId = `character-${id}-heading`;
  return (
    <Section
      title={character.name ?? 'Character'}
      id={headingId}
      actions={
        <>
          {NoteMarker && id ? (
            <NoteMarker
              projectId={projectId}
              revisionId={revision.id}
              target={{ kind: 'character', characterId: id }}
            />
          ) : null}
          {inDraft ? <Badge tone="attention">Changed in draft</Badge> : null}
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit<span className="sr-only"> {character.name}</span>
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex flex-col items-start gap-1">
          <AssetImage
            assetId={anchor?.assetId}
            alt={`Anchor image of ${character.name ?? 'the character'}`}
            className="h-48 w-[108px]"
          />
          <span className="text-xs text-slate-600">
            {anchor
              ? 'Character anchor'
              : revision.preproduction_assets
                ? 'Anchor stale'
                : 'Anchor not generated'}
          </span>
        </div>
        <dl className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
          <Field label="Canonical description">{character.canonicalDescription}</Field>
          <Field label="Anchor prompt">{character.anchorPrompt}</Field>
          <Field label="Voice">{`${character.voiceId ?? '—'} · ${character.voiceStyle ?? '—'}`}</Field>
          <Field label="Source">{`${character.source ?? '—'}${character.sourceCharacterId ? ` (character ${character.sourceCharacterId})` : ''}`}</Field>
          <Field label="Appears in">{formatSceneList(scenes)}</Field>
          <Field label="Story facts">
            {character.storyFacts?.length ? (
              <ul className="list-disc pl-5">
                {character.storyFacts.map((fact) => (
                  <li key={fact}>{fact}</li>
                ))}
              </ul>
            ) : undefined}
          </Field>
        </dl>
      </div>
      {inDraft ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          In the draft:{' '}
          {Object.entries(inDraft)
            .filter(([key]) => key !== 'id')
            .map(
              ([key, value]) =>
                `${key} → ${Array.isArray(value) ? value.join(', ') : String(value)}`,
            )
            .join('; ')}
        </p>
      ) : null}
      <h3 className="mb-2 mt-5 font-medium">References</h3>
      {!character.sourceCharacterId ? (
        <p className="text-sm text-slate-700">
          Generated without a workspace character; it has {character.referenceAssetIds?.length ?? 0}{' '}
          references.
        </p>
      ) : workspaceCharacter.isPending ? (
        <LoadingState label="Loading references…" />
      ) : workspaceCharacter.isError ? (
        <ErrorState
          error={workspaceCharacter.error}
          onRetry={() => void workspaceCharacter.refetch()}
        />
      ) : (
        <References
          character={workspaceCharacter.data}
          usedByPlan={character.referenceAssetIds ?? []}
        />
      )}
      {editing ? (
        <CharacterEditor
          projectId={projectId}
          revision={revision}
          character={character}
          referenceChoices={(workspaceCharacter.data?.references ?? []).map((reference) => ({
            assetId: reference.asset_id ?? '',
            name: reference.name ?? reference.asset_id ?? '',
          }))}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Section>
  );
}

function References({ character, usedByPlan }: { character: Character; usedByPlan: string[] }) {
  const setPrimary = useSetPrimaryReference(character.id);
  // One Idempotency-Key per (character, reference) intent, reused if the reviewer tries again.
  const keys = useRef(new Map<string, string>());
  const references = [...(character.references ?? [])].sort(
    (a, b) => (a.order_index ?? 0) - (b.order_index ?? 0),
  );
  if (references.length === 0) {
    return <p className="text-sm text-slate-700">{character.name} has no references yet.</p>;
  }
  return (
    <div>
      <p className="mb-2 text-sm text-slate-700">
        The primary reference guides future anchors of {character.name}; this revision keeps the
        references it was planned with.
      </p>
      <ul aria-label={`References of ${character.name}`} className="flex flex-wrap gap-4">
        {references.map((reference) => {
          const assetId = reference.asset_id ?? '';
          const pending = setPrimary.isPending && setPrimary.variables?.variables === assetId;
          return (
            <li
              key={assetId}
              aria-label={`${reference.name ?? assetId}${reference.is_primary ? ' (primary)' : ''}`}
              className={`flex w-44 flex-col gap-2 rounded-md border p-2 ${reference.is_primary ? 'border-indigo-500' : 'border-slate-200'}`}
            >
              <AssetImage
                assetId={assetId}
                alt={reference.name ?? 'Reference'}
                className="h-28 w-full"
              />
              <span className="break-words text-sm">{reference.name ?? assetId}</span>
              <div className="flex flex-wrap gap-1">
                {reference.is_primary ? <Badge tone="success">Primary</Badge> : null}
                {usedByPlan.includes(assetId) ? <Badge>Used by this plan</Badge> : null}
              </div>
              {!reference.is_primary ? (
                <Button
                  variant="secondary"
                  disabled={setPrimary.isPending}
                  onClick={() => {
                    const key = keys.current.get(assetId) ?? newIdempotencyKey();
                    keys.current.set(assetId, key);
                    setPrimary.mutate(
                      assetId,
                      {
                        onSuccess: () => {
                          keys.current.delete(assetId);
                          pushToast({
                            tone: 'success',
                            title: 'Primary reference set',
                            detail: `${reference.name ?? 'The reference'} is now the primary reference of ${character.name}.`,
                          });
                        },
                      },
                      key,
                    );
                  }}
                >
                  {pending ? 'Setting…' : 'Make primary'}
                  <span className="sr-only"> reference {reference.name}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-2">
        <InlineError error={setPrimary.error} />
      </div>
    </div>
  );
}
