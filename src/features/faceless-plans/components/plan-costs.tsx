import { useMemo, useState } from 'react';
import { approvalCredits } from '@/shared-rules/faceless-staleness.ts';
import { dependencySentence, formatCredits } from '../plan-format.ts';
import { costBreakdown } from '../plan-status.ts';
import { Section } from './plan-bits.tsx';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

interface Option {
  key: string;
  label: string;
  sentence: string;
  dependents: number[];
  credits: number;
  current: boolean;
}

/**
 * The estimate in credits, what each approval spends, and the review options: the regeneration
 * credits of the style anchor, each character and each scene. Hovering or focusing an option
 * highlights the scenes that depend on it.
 */
export function PlanCosts({ revision }: { projectId: string; revision: FacelessPlanRevision }) {
  const plan = revision.plan ?? {};
  const breakdown = costBreakdown(plan.costEstimate as Record<string, unknown> | undefined);
  const options = revision.review_options;
  const scenes = useMemo(
    () => [...(plan.scenes ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)),
    [plan.scenes],
  );
  const groups = useMemo(() => {
    const style: Option[] = options?.style_anchor
      ? [
          {
            key: 'style',
            label: 'The style anchor',
            sentence: dependencySentence(
              'The style anchor',
              options.style_anchor.dependent_scene_indexes,
              options.style_anchor.estimated_regeneration_credits,
            ),
            dependents: options.style_anchor.dependent_scene_indexes ?? [],
            credits: options.style_anchor.estimated_regeneration_credits ?? 0,
            current: Boolean(options.style_anchor.current_asset_id),
          },
        ]
      : [];
    const characters: Option[] = (options?.characters ?? []).map((character) => {
      const label = `The anchor of ${character.label ?? character.character_id ?? 'a character'}`;
      return {
        key: `character-${character.character_id}`,
        label,
        sentence: dependencySentence(
          label,
          character.dependent_scene_indexes,
          character.estimated_regeneration_credits,
        ),
        dependents: character.dependent_scene_indexes ?? [],
        credits: character.estimated_regeneration_credits ?? 0,
        current: Boolean(character.current_asset_id),
      };
    });
    const sceneOptions: Option[] = (options?.scenes ?? []).map((scene) => {
      const index = scene.scene_index ?? 0;
      const label = scene.label ?? `Scene ${index + 1}`;
      return {
        key: `scene-${index}`,
        label,
        sentence: dependencySentence(label, [index], scene.estimated_regeneration_credits),
        dependents: [index],
        credits: scene.estimated_regeneration_credits ?? 0,
        current: Boolean(scene.current_asset_id),
      };
    });
    return { style, characters, scenes: sceneOptions };
  }, [options]);
  // What the panel shows: the option last pointed at or focused; when the pointer leaves, the
  // focused option again (a keyboard user's place is not lost to a passing pointer).
  const [active, setActive] = useState<Option | null>(null);
  const [focused, setFocused] = useState<Option | null>(null);
  const highlighted = new Set(active?.dependents ?? []);
  const focus = (option: Option) => {
    setFocused(option);
    setActive(option);
  };
  const pointerLeft = () => setActive(focused);

  const optionButton = (option: Option) => (
    <li key={option.key}>
      <button
        type="button"
        aria-describedby="cost-dependency"
        aria-pressed={focused?.key === option.key}
        onMouseEnter={() => setActive(option)}
        onMouseLeave={pointerLeft}
        onFocus={() => focus(option)}
        onBlur={() => {
          setFocused((current) => (current?.key === option.key ? null : current));
          setActive((current) => (current?.key === option.key ? null : current));
        }}
        onClick={() => focus(option)}
        className={`flex w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-left text-sm ${
          active?.key === option.key
            ? 'border-indigo-500 bg-indigo-50'
            : 'border-slate-200 bg-white hover:bg-slate-50'
        }`}
      >
        <span className="min-w-0 truncate">
          {option.label}
          {option.current ? '' : revision.preproduction_assets ? ' (stale)' : ' (not generated)'}
        </span>
        <span className="shrink-0 font-medium">{formatCredits(option.credits)}</span>
      </button>
    </li>
  );

  return (
    <div className="flex flex-col gap-6">
      <Section title="Cost estimate" id="estimate-heading">
        <table className="w-full max-w-md text-left text-sm">
          <caption className="sr-only">Estimated credits of the whole production</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                Part
              </th>
              <th scope="col" className="py-1 text-right">
                {breakdown.unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {row.label}
                </th>
                <td className="py-1 text-right tabular-nums">{row.credits.toLocaleString('en')}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-1 font-semibold">
                Total
              </th>
              <td className="py-1 text-right font-semibold tabular-nums">
                {breakdown.total.toLocaleString('en')}
              </td>
            </tr>
          </tfoot>
        </table>
        {!breakdown.consistent ? (
          <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            The parts add up to {formatCredits(breakdown.sumOfParts)}, but the estimate’s total says{' '}
            {formatCredits(breakdown.total)}. Ask the service’s support before approving.
          </p>
        ) : null}
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium">Approving the plan spends</dt>
            <dd>
              {formatCredits(approvalCredits(revision, 'plan'))}{' '}
              <span className="text-slate-600">
                {revision.preproduction_assets
                  ? '(only what is missing or stale)'
                  : '(every preproduction asset)'}
              </span>
            </dd>
          </div>
          <div>
            <dt className="font-medium">Approving the assets spends</dt>
            <dd>{formatCredits(approvalCredits(revision, 'assets'))} (animation)</dd>
          </div>
        </dl>
      </Section>

      <Section title="Regeneration options" id="options-heading">
        {!options ? (
          <p className="text-sm text-slate-700">
            Review options appear once preproduction has generated the assets (after the plan is
            approved).
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="flex flex-col gap-4" onMouseLeave={pointerLeft}>
              <div>
                <h3 className="mb-2 font-medium">Style anchor</h3>
                <ul className="flex flex-col gap-1">{groups.style.map(optionButton)}</ul>
              </div>
              <div>
                <h3 className="mb-2 font-medium">Characters</h3>
                <ul className="flex flex-col gap-1">{groups.characters.map(optionButton)}</ul>
              </div>
              <div>
                <h3 className="mb-2 font-medium">Scenes</h3>
                <ul
                  className="flex max-h-72 flex-col gap-1 overflow-auto pr-1"
                  aria-label="Scene options"
                >
                  {groups.scenes.map(optionButton)}
                </ul>
              </div>
            </div>
            <div className="flex flex-col gap-3">
              <span id="cost-dependency-label" className="sr-only">
                What the option regenerates
              </span>
              {/* Named by aria-labelledby, not aria-label: the options take their description
                  from this text, and a description would read aria-label instead. */}
              <p
                id="cost-dependency"
                role="status"
                aria-labelledby="cost-dependency-label"
                className="min-h-12 rounded-md bg-slate-50 p-3 text-sm font-medium"
              >
                {active
                  ? active.sentence
                  : 'Hover over or focus an option to see the scenes it regenerates.'}
              </p>
              <ol
                aria-label="Scenes the option regenerates"
                className="grid grid-cols-[repeat(auto-fill,minmax(2.5rem,1fr))] gap-1"
              >
                {scenes.map((scene) => {
                  const index = scene.index ?? 0;
                  const on = highlighted.has(index);
                  return (
                    <li
                      key={index}
                      aria-label={`Scene ${index + 1}${on ? ', regenerated' : ''}`}
                      className={`rounded px-1 py-1 text-center text-xs tabular-nums ${
                        on
                          ? 'bg-indigo-600 font-semibold text-white'
                          : 'bg-slate-100 text-slate-700'
                      }`}
                    >
                      {index + 1}
                    </li>
                  );
                })}
              </ol>
            </div>
          </div>
        )}
      </Section>
    </div>
  );
}
