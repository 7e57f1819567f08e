import { Link } from '@tanstack/react-router';
import { memo, useMemo } from 'react';
import { formatDuration } from '@/lib/format.ts';
import type { Clip } from '../model/clip-types.ts';
import type { SourceGroup, SourceSort } from '../model/source-layout.ts';
import { clipScore, groupBySource, sortClips } from '../model/source-layout.ts';
import { StatusBadge, clipTitle, linkClass, windowText } from './clip-parts.tsx';
import { SourceBar } from './source-bar.tsx';

/**
 * The source view: each source a bar of its duration with its clips drawn at their windows,
 * and its clips listed in the order they occur in the source, or by score.
 */
export function SourceView({
  clips,
  sort,
  assetNames,
}: {
  clips: readonly Clip[];
  sort: SourceSort;
  assetNames: ReadonlyMap<string, string>;
}) {
  const groups = useMemo(() => groupBySource(clips), [clips]);
  return (
    <div className="flex flex-col gap-6" data-testid="source-view">
      {groups.map((group) => (
        <SourceSection
          key={group.key}
          group={group}
          sort={sort}
          name={sourceName(group, assetNames)}
        />
      ))}
    </div>
  );
}

export function sourceName(group: SourceGroup, assetNames: ReadonlyMap<string, string>): string {
  if (group.kind === 'asset') return assetNames.get(group.assetId) ?? `Asset ${group.assetId}`;
  if (group.kind === 'video') return group.videoUrl;
  return 'Unknown source';
}

const SourceSection = memo(function SourceSection({
  group,
  sort,
  name,
}: {
  group: SourceGroup;
  sort: SourceSort;
  name: string;
}) {
  const sorted = useMemo(() => sortClips(group.clips, sort), [group.clips, sort]);
  const headingId = `source-${group.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const order = sort === 'position' ? 'in the order they occur' : 'by score, best first';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-all">
          {name}
        </h3>
        <p className="text-sm text-slate-600">
          {formatDuration(group.duration)} · {group.clips.length}{' '}
          {group.clips.length === 1 ? 'clip' : 'clips'}
          {group.kind === 'asset' ? (
            <>
              {' · '}
              <Link
                to="/clips/share/$assetId"
                params={{ assetId: group.assetId }}
                className={linkClass}
              >
                Share page
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <SourceBar
        clips={group.clips}
        duration={group.duration}
        label={`Clips of ${name} on a bar of its ${formatDuration(group.duration)}`}
      />
      <ol
        aria-label={`Clips of ${name}, ${order}`}
        className="mt-3 divide-y divide-slate-100 text-sm"
      >
        {sorted.map((clip, index) => (
          <SourceRow key={clip.clip_id} clip={clip} rank={index + 1} />
        ))}
      </ol>
    </section>
  );
});

const SourceRow = memo(function SourceRow({ clip, rank }: { clip: Clip; rank: number }) {
  const score = clipScore(clip);
  return (
    <li className="grid grid-cols-[2.5rem_9.5rem_1fr_auto_auto] items-center gap-3 py-1.5">
      <span className="text-right tabular-nums text-slate-500">{rank}.</span>
      <span className="tabular-nums text-slate-700">{windowText(clip) ?? 'no window yet'}</span>
      <Link
        to="/clips/$clipId"
        params={{ clipId: clip.clip_id }}
        className="truncate text-indigo-800 hover:underline"
      >
        {clipTitle(clip)}
      </Link>
      <span className="tabular-nums text-slate-700">
        {score === null ? 'no score' : `score ${score.toFixed(2)}`}
      </span>
      <StatusBadge status={clip.status} clip={clip} />
    </li>
  );
});
