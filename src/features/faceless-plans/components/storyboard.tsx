import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import type { SceneChange } from '@/shared-rules/faceless-staleness.ts';
import { draftImpact } from '../draft-impact.ts';
import { formatSeconds } from '@/lib/format.ts';
import { spanPercent } from '../plan-format.ts';
import { sceneAssetIndex, type SceneAssets } from '../plan-status.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import { AssetImage, Badge, Field, QaBadge, Section } from './plan-bits.tsx';
import { SceneEditor } from './plan-editors.tsx';
import { SceneQa } from './scene-qa.tsx';
import type { FacelessPlanRevision, PlanScene } from '@/api/schema.gen.ts';
import type { NoteMarkerSlot } from './note-marker-slot.ts';

type Filter = 'all' | 'qa' | 'stale' | 'draft';

const FILTERS: Array<[Filter, string]> = [
  ['all', 'All scenes'],
  ['qa', 'QA not passed'],
  ['stale', 'Stale or not generated'],
  ['draft', 'Changed in the draft'],
];

/**
 * Every scene of the plan, virtualised (a 200-scene plan renders only the cards in view): time on
 * a bar of the whole plan, texts and prompts, the keyframe, and its semantic-action QA.
 */
export function Storyboard({
  projectId,
  revision,
  initialScene,
  NoteMarker,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  initialScene?: number | undefined;
  /** Each scene's notes (another feature's marker, composed by the route). */
  NoteMarker?: NoteMarkerSlot | undefined;
}) {
  const plan = revision.plan ?? {};
  const scenes = useMemo(
    () => [...(plan.scenes ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)),
    [plan.scenes],
  );
  // One stable object per scene, so cards that scroll by are not re-rendered for nothing.
  const assetsByIndex = useMemo(() => {
    const of = sceneAssetIndex(revision);
    return new Map(scenes.map((scene) => [scene.index ?? 0, of(scene)]));
  }, [revision, scenes]);
  const { draft } = usePlanDraft(projectId, revision.id);
  const goingStale = useMemo(
    () => new Set(draftImpact(revision, draft.changes).stale.sceneIndexes),
    [revision, draft.changes],
  );
  const drafted = useMemo(
    () => new Map((draft.changes.scenes ?? []).map((change) => [change.index, change])),
    [draft.changes.scenes],
  );
  const [filter, setFilter] = useState<Filter>('all');
  const visible = useMemo(
    () =>
      scenes.filter((scene) => {
        const assets = assetsByIndex.get(scene.index ?? 0);
        if (!assets) return false;
        if (filter === 'qa') return assets.qa ? assets.qa.status !== 'passed' : false;
        if (filter === 'stale') return assets.state !== 'current';
        if (filter === 'draft') return drafted.has(scene.index ?? -1);
        return true;
      }),
    [scenes, assetsByIndex, filter, drafted],
  );
  const total = scenes.reduce((end, scene) => Math.max(end, scene.endSeconds ?? 0), 0);
  const parentRef = useRef<HTMLDivElement>(null);
  // The virtualizer stays inside this component (never handed to memoised children).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => 330,
    overscan: 3,
    getItemKey: (position) => visible[position]?.index ?? position,
  });
  const [openQa, setOpenQa] = useState<Set<number>>(() => new Set());
  // Text typed into a scene's editor before a reload reopens that editor.
  const [editing, setEditing] = useState<PlanScene | null>(() => {
    const target = draft.unsaved?.target;
    return target?.kind === 'scene'
      ? (scenes.find((scene) => (scene.index ?? 0) === target.index) ?? null)
      : null;
  });
  const toggleQa = useCallback(
    (index: number, open: boolean) =>
      setOpenQa((current) => {
        if (current.has(index) === open) return current;
        const next = new Set(current);
        if (open) next.add(index);
        else next.delete(index);
        return next;
      }),
    [],
  );
  const [jump, setJump] = useState(initialScene ? String(initialScene) : '');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const jumpId = useId();

  const scrollToScene = (sceneNumber: number): boolean => {
    const position = visible.findIndex((scene) => (scene.index ?? 0) + 1 === sceneNumber);
    if (position < 0) return false;
    virtualizer.scrollToIndex(position, { align: 'start' });
    return true;
  };

  useEffect(() => {
    if (!initialScene) return;
    setJump(String(initialScene));
    scrollToScene(initialScene);
    // When the URL names a scene: on opening, and when a link (a note's) names another one
    // while the storyboard is shown; not when the filter or the list changes under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialScene]);

  if (scenes.length === 0) {
    return <EmptyState title="No scenes">This plan has no scenes yet.</EmptyState>;
  }

  return (
    <Section title="Storyboard" id="storyboard-heading">
      <div className="mb-3 flex flex-wrap items-end gap-4">
        <p className="text-sm text-slate-700">
          {scenes.length} scenes · {formatSeconds(total)} in all
          {filter !== 'all' ? ` · showing ${visible.length}` : ''}
        </p>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Show
          <select
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
            className="rounded-md border border-slate-300 px-2 py-1.5 font-normal"
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <form
          className="flex items-end gap-2"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            const number = Number(jump);
            if (!Number.isInteger(number) || number < 1 || number > scenes.length) {
              setJumpError(`Enter a scene number from 1 to ${scenes.length}.`);
            } else if (!scrollToScene(number)) {
              setJumpError(`Scene ${number} is hidden by the filter.`);
            } else {
              setJumpError(null);
            }
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={jumpId} className="text-sm font-medium text-slate-700">
              Go to scene
            </label>
            <input
              id={jumpId}
              type="number"
              min={1}
              max={scenes.length}
              value={jump}
              onChange={(event) => setJump(event.target.value)}
              aria-invalid={jumpError ? true : undefined}
              aria-describedby={jumpError ? `${jumpId}-error` : undefined}
              className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </div>
          <Button type="submit" variant="secondary">
            Go
          </Button>
        </form>
        {jumpError ? (
          <p id={`${jumpId}-error`} role="alert" className="text-sm text-red-700">
            {jumpError}
          </p>
        ) : null}
      </div>

      {visible.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">
          No scene matches this filter.
        </p>
      ) : (
        <div
          ref={parentRef}
          role="region"
          aria-label="Scenes"
          tabIndex={0}
          className="h-[70vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-1 md:p-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ol className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const scene = visible[item.index] as PlanScene;
              const index = scene.index ?? item.index;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  aria-posinset={item.index + 1}
                  aria-setsize={visible.length}
                  className="absolute left-0 top-0 w-full pb-3"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <SceneCard
                    projectId={projectId}
                    NoteMarker={NoteMarker}
                    revision={revision}
                    scene={scene}
                    total={total}
                    assets={assetsByIndex.get(index) as SceneAssets}
                    draftChange={drafted.get(index)}
                    goingStale={goingStale.has(index)}
                    qaOpen={openQa.has(index)}
                    deferImages={virtualizer.isScrolling}
                    onToggleQa={toggleQa}
                    onEdit={setEditing}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {editing ? (
        <SceneEditor
          projectId={projectId}
          revision={revision}
          scene={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Section>
  );
}

const DRAFT_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  narration: 'Narration',
  originalCue: 'Original cue',
  characterIds: 'Characters',
  locationId: 'Location',
  imagePrompt: 'Image prompt',
  motionPrompt: 'Motion prompt',
  durationSeconds: 'Duration (s)',
};

const SceneCard = memo(function SceneCard({
  projectId,
  NoteMarker,
  revision,
  scene,
  total,
  assets,
  draftChange,
  goingStale,
  qaOpen,
  deferImages,
  onToggleQa,
  onEdit,
}: {
  projectId: string;
  NoteMarker: NoteMarkerSlot | undefined;
  revision: FacelessPlanRevision;
  scene: PlanScene;
  total: number;
  assets: SceneAssets;
  draftChange: SceneChange | undefined;
  goingStale: boolean;
  qaOpen: boolean;
  /** While the list scrolls, cards flying past fetch no keyframe (it loads once scrolling stops). */
  deferImages: boolean;
  onToggleQa(index: number, open: boolean): void;
  onEdit(scene: PlanScene): void;
}) {
  const plan = revision.plan ?? {};
  const index = scene.index ?? 0;
  const titleId = `scene-${index}-title`;
  const span = spanPercent(scene.startSeconds, scene.endSeconds, total);
  const characterNames = (scene.characterIds ?? []).map(
    (id) => plan.characters?.find((character) => character.id === id)?.name ?? id,
  );
  const location = plan.storyKitSnapshot?.locations?.find((item) => item.id === scene.locationId);
  const validation = scene.factualValidation;
  const qa = assets.qa;
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-3 md:p-4 ${draftChange ? 'border-amber-400' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold">
          Scene {index + 1}
          {scene.title ? `: ${scene.title}` : ''}
        </h3>
        <span className="text-sm text-slate-700">
          {formatSeconds(scene.startSeconds)}–{formatSeconds(scene.endSeconds)} (
          {scene.durationSeconds ?? '—'} s)
        </span>
        <QaBadge status={qa?.status} />
        {validation?.status ? (
          <Badge tone={validation.status === 'supported' ? 'success' : 'attention'}>
            Facts {validation.status}
          </Badge>
        ) : null}
        {assets.state === 'stale' && revision.status === 'plan_approved' ? (
          <Badge tone="progress">Regenerating now</Badge>
        ) : assets.state === 'stale' ? (
          <Badge tone="attention">Stale: regenerates when the plan is approved</Badge>
        ) : assets.state === 'pending' ? (
          <Badge>Not generated yet</Badge>
        ) : null}
        {draftChange ? <Badge tone="attention">Changed in draft</Badge> : null}
        {goingStale ? <Badge tone="attention">Goes stale when the draft is sent</Badge> : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {NoteMarker ? (
            <NoteMarker
              projectId={projectId}
              revisionId={revision.id}
              target={{ kind: 'scene', sceneIndex: index }}
            />
          ) : null}
          <Button variant="secondary" onClick={() => onEdit(scene)}>
            Edit<span className="sr-only"> scene {index + 1}</span>
          </Button>
        </div>
      </header>
      <div
        className="relative mt-2 h-2 rounded-full bg-slate-200"
        role="img"
        aria-label={`Scene ${index + 1} runs from ${formatSeconds(scene.startSeconds)} to ${formatSeconds(scene.endSeconds)} of ${formatSeconds(total)}`}
      >
        <div
          className="absolute top-0 h-2 rounded-full bg-indigo-600"
          style={{ left: `${span.left}%`, width: `${Math.max(span.width, 0.5)}%` }}
        />
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:gap-4">
        <AssetImage
          assetId={assets.keyframeAssetId}
          alt={`Keyframe of scene ${index + 1}`}
          defer={deferImages}
        />
        <dl className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
          <Field label="Narration">{scene.narration}</Field>
          <Field label="Original cue">{scene.originalCue}</Field>
          <Field label="Characters">{characterNames.join(', ') || 'None'}</Field>
          <Field label="Location">{location?.name ?? scene.locationId}</Field>
          <Field label="Image prompt">{scene.imagePrompt}</Field>
          <Field label="Motion prompt">{scene.motionPrompt}</Field>
          <Field label="Factual validation">
            {validation
              ? `${validation.status ?? '—'}${validation.note ? `: ${validation.note}` : ''}`
              : undefined}
          </Field>
        </dl>
      </div>
      {draftChange ? (
        <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">In the draft</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(draftChange)
              .filter(([key]) => key !== 'index')
              .map(([key, value]) => (
                <li key={key}>
                  {DRAFT_FIELD_LABELS[key] ?? key}:{' '}
                  {Array.isArray(value)
                    ? value
                        .map((id: string) => plan.characters?.find((c) => c.id === id)?.name ?? id)
                        .join(', ') || 'none'
                    : String(value)}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {qa ? (
        <details
          className="mt-3 rounded-md border border-slate-200 p-3"
          open={qaOpen}
          onToggle={(event) => onToggleQa(index, event.currentTarget.open)}
        >
          <summary className="cursor-pointer text-sm font-medium">
            Semantic action QA of scene {index + 1}: {qa.status ?? '—'} ·{' '}
            {Math.round((qa.confidence ?? 0) * 100)}% confidence
          </summary>
          {qaOpen ? <SceneQa qa={qa} /> : null}
        </details>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          {assets.state === 'stale'
            ? 'No QA verdict: a revise changed this scene, so its keyframe and QA were dropped. They are regenerated when the plan is approved.'
            : 'No QA verdict yet: keyframes and QA are generated when the plan is approved.'}
        </p>
      )}
    </article>
  );
});
