import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { appliedSuggestion, clipProblems } from '../model/clip-problems.ts';
import { partStatusWords, pipelinePosition } from '../model/clip-status.ts';
import type { Clip } from '@/api/schema.gen.ts';
import { StatusBadge, clipTitle, previewImage, windowText, words } from './clip-parts.tsx';

/** One clip in the card view: where it is, what it is, and what is wrong with it. */
export const ClipCard = memo(function ClipCard({ clip }: { clip: Clip }) {
  const title = clipTitle(clip);
  const suggestion = appliedSuggestion(clip);
  const image = previewImage(clip);
  const position = pipelinePosition(clip);
  const problem = clipProblems(clip)[0];
  const headingId = `clip-${clip.clip_id}-title`;
  return (
    <li className="flex">
      <article
        aria-labelledby={headingId}
        className="flex w-full gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        {image ? (
          <img
            src={image}
            alt={`QA preview of ${title}`}
            className="h-32 w-18 shrink-0 rounded bg-slate-200 object-cover"
            loading="lazy"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-32 w-18 shrink-0 items-center justify-center rounded bg-slate-100 text-center text-[10px] text-slate-700"
          >
            No preview yet
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={clip.status} clip={clip} />
            <span className="text-xs text-slate-600">{position}</span>
          </div>
          <h3 id={headingId} className="truncate font-semibold">
            <Link
              to="/clips/$clipId"
              params={{ clipId: clip.clip_id }}
              className="text-indigo-800 hover:underline"
            >
              {title}
            </Link>
          </h3>
          {suggestion?.hook ? (
            <p className="line-clamp-2 text-sm text-slate-700">“{suggestion.hook}”</p>
          ) : null}
          <dl className="mt-auto grid grid-cols-2 gap-x-3 text-xs text-slate-600">
            <div>
              <dt className="inline">Window: </dt>
              <dd className="inline">{windowText(clip) ?? 'not chosen yet'}</dd>
            </div>
            <div>
              <dt className="inline">QA score: </dt>
              <dd className="inline">
                {clip.qa?.status === 'passed' || clip.qa?.status === 'failed'
                  ? (clip.qa.score ?? 0).toFixed(2)
                  : '—'}
              </dd>
            </div>
            <div>
              <dt className="inline">Layout: </dt>
              <dd className="inline">{words(clip.layout?.applied_mode)}</dd>
            </div>
            <div>
              <dt className="inline">Captions: </dt>
              <dd className="inline">
                {clip.captions?.enabled === false ? 'off' : words(clip.captions?.status)}
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="inline">Export: </dt>
              <dd className="inline">{partStatusWords(clip, clip.export?.status)}</dd>
            </div>
          </dl>
          {problem ? (
            <p className="text-xs text-red-800">
              {problem.message}{' '}
              {problem.fixes.length > 0 ? (
                <span className="text-slate-600">
                  ({problem.fixes.length} {problem.fixes.length === 1 ? 'fix step' : 'fix steps'}{' '}
                  inside)
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
});
