import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { describeRetrying } from '@/api/api-error.ts';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime, formatDuration } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { clipQueryOptions, useAssetName } from '../api/clips-queries.ts';
import { LAYOUT_LABELS, appliedSuggestion, clipProgress } from '../model/clip-problems.ts';
import {
  STATUS_META,
  isWorking,
  partStatusWords,
  pipelineStates,
  type StepState,
} from '../model/clip-status.ts';
import { projectExportsQueryOptions } from '@/api/exports.ts';
import type { Clip, ClipLayoutMode } from '@/api/schema.gen.ts';
import {
  Fact,
  Facts,
  Section,
  StatusBadge,
  clipTitle,
  linkClass,
  windowText,
  words,
  yesNo,
} from './clip-parts.tsx';
import { ClipProblemsPanel, Problem } from './clip-problems-panel.tsx';
import { SourceBar } from './source-bar.tsx';

const STEP_STYLES: Record<StepState, { mark: string; className: string; words: string }> = {
  done: { mark: '✓', className: 'border-emerald-600 bg-emerald-600 text-white', words: 'done' },
  current: { mark: '●', className: 'border-sky-600 bg-sky-50 text-sky-700', words: 'in progress' },
  stopped: { mark: '!', className: 'border-red-600 bg-red-600 text-white', words: 'stopped here' },
  pending: { mark: '', className: 'border-slate-300 bg-white text-slate-400', words: 'not yet' },
};

function PipelineSteps({ clip }: { clip: Clip }) {
  return (
    <ol aria-label="Pipeline" className="flex flex-wrap gap-x-2 gap-y-3">
      {pipelineStates(clip).map((step) => {
        const style = STEP_STYLES[step.state];
        return (
          <li
            key={step.key}
            aria-current={step.state === 'current' || step.state === 'stopped' ? 'step' : undefined}
            className="flex items-center gap-2 text-sm"
          >
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 items-center justify-center rounded-full border-2 text-xs font-bold ${style.className}`}
            >
              {style.mark}
            </span>
            <span className={step.state === 'pending' ? 'text-slate-500' : 'text-slate-900'}>
              {step.label}
              <span className="sr-only">: {style.words}</span>
            </span>
            <span aria-hidden="true" className="text-slate-300 last:hidden">
              →
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function ExportSection({ clip }: { clip: Clip }) {
  const exportId = clip.export?.export_id ?? '';
  const projectId = clip.project_id ?? '';
  const exports = useQuery({
    ...projectExportsQueryOptions(projectId),
    enabled: Boolean(exportId && projectId),
  });
  const now = useNow();
  const record = exports.data?.exports.find((item) => item.export_id === exportId);
  const expiresAt = record?.expires_at ? Date.parse(record.expires_at) : NaN;
  const expired = Number.isFinite(expiresAt) && expiresAt <= now;
  const download = clip.export?.download_url;
  return (
    <Section id="clip-export" title="Export">
      <Facts>
        <Fact label="Status">{partStatusWords(clip, clip.export?.status)}</Fact>
        <Fact label="Export id">{exportId ? <code className="text-xs">{exportId}</code> : ''}</Fact>
        <Fact label="Download">
          {download && !expired ? (
            <a className={linkClass} href={download}>
              Download the clip
            </a>
          ) : expired ? (
            'The download link has expired; export the clip again.'
          ) : (
            ''
          )}
        </Fact>
        <Fact label="Short link">
          {clip.export?.short_download_url && !expired ? (
            <a className={linkClass} href={clip.export.short_download_url}>
              {clip.export.short_download_url}
            </a>
          ) : (
            ''
          )}
        </Fact>
        <Fact label="Link expires">
          {!exportId
            ? ''
            : exports.isPending
              ? 'Looking up the export…'
              : Number.isFinite(expiresAt)
                ? `${expired ? 'Expired' : 'Expires'} ${formatDateTime(record?.expires_at)}${expired ? '' : ` (in ${Math.max(1, Math.round((expiresAt - now) / 3_600_000))} h)`}`
                : 'Not listed in the project’s exports'}
        </Fact>
      </Facts>
    </Section>
  );
}

function SelectionSection({ clip }: { clip: Clip }) {
  const selection = clip.selection;
  const alternatives = [...(selection?.alternatives ?? [])].sort(
    (a, b) => (b.score ?? 0) - (a.score ?? 0),
  );
  const chosen = appliedSuggestion(clip);
  const chosenRank = alternatives.findIndex((a) => a.suggestion_id === chosen?.suggestion_id) + 1;
  const auto = selection?.selection_mode === 'auto_best';
  const why = !chosen
    ? 'No suggestion has been chosen yet.'
    : selection?.applied_suggestion_id
      ? auto
        ? `Chosen automatically: the highest score (${(chosen.score ?? 0).toFixed(2)}) of ${alternatives.length} suggestions${chosenRank > 1 ? `, ranked ${chosenRank}` : ''}.`
        : `Chosen on request (mode ${words(selection?.selection_mode)}): score ${(chosen.score ?? 0).toFixed(2)}, ranked ${chosenRank} of ${alternatives.length}.`
      : `Requested but not applied: “${chosen.title ?? ''}” (score ${(chosen.score ?? 0).toFixed(2)}).`;
  return (
    <Section id="clip-selection" title="Selection">
      <p className="mb-3 text-sm">{why}</p>
      {alternatives.length === 0 ? (
        <p className="text-sm text-slate-600">Suggestions are not ready yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Suggested moments, by score</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2">
                Rank
              </th>
              <th scope="col" className="py-1 pr-2">
                Score
              </th>
              <th scope="col" className="py-1 pr-2">
                Title and hook
              </th>
              <th scope="col" className="py-1 pr-2">
                Window
              </th>
              <th scope="col" className="py-1">
                Chosen
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {alternatives.map((item, index) => {
              const isChosen = item.suggestion_id === chosen?.suggestion_id;
              return (
                <tr key={item.suggestion_id} className={isChosen ? 'bg-indigo-50' : ''}>
                  <td className="py-1.5 pr-2 tabular-nums">{index + 1}</td>
                  <td className="py-1.5 pr-2 tabular-nums">{(item.score ?? 0).toFixed(2)}</td>
                  <td className="py-1.5 pr-2">
                    <span className="font-medium">{item.title}</span>
                    {item.hook ? <span className="block text-slate-600">“{item.hook}”</span> : null}
                  </td>
                  <td className="py-1.5 pr-2 tabular-nums">
                    {formatDuration(item.start_seconds)}–{formatDuration(item.end_seconds)} (
                    {Math.round(item.duration_seconds ?? 0)} s)
                  </td>
                  <td className="py-1.5">
                    {isChosen ? (
                      <strong>{selection?.applied_suggestion_id ? 'Chosen' : 'Requested'}</strong>
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function SourceSection({ clip, assetName }: { clip: Clip; assetName: string | undefined }) {
  const source = clip.source;
  const processing = source?.processing;
  const counts = source?.suggestion_counts;
  const duration = source?.canonical_duration_seconds ?? 0;
  return (
    <Section id="clip-source" title="Source">
      <Facts>
        <Fact label="Type">
          {source?.source_type === 'youtube' ? 'Video address' : words(source?.source_type)}
        </Fact>
        {source?.asset_id ? (
          <Fact label="Asset">
            {assetName ?? <code className="text-xs">{source.asset_id}</code>}{' '}
            <Link
              to="/clips/share/$assetId"
              params={{ assetId: source.asset_id }}
              className={linkClass}
            >
              (share page)
            </Link>
          </Fact>
        ) : null}
        {source?.youtube_url ? (
          <Fact label="Video address">
            <a className={`${linkClass} break-all`} href={source.youtube_url} rel="noreferrer">
              {source.youtube_url}
            </a>
          </Fact>
        ) : null}
        <Fact label="Duration">{formatDuration(duration)}</Fact>
        <Fact label="Source status">{partStatusWords(clip, source?.source_status)}</Fact>
        <Fact label="Processing">
          {words(processing?.processing_status)}
          {processing?.processing_substage ? ` (${words(processing.processing_substage)})` : ''}
          {processing?.processing_error ? ` — ${processing.processing_error}` : ''}
        </Fact>
        <Fact label="Attempts">{String(processing?.processing_attempts ?? 0)}</Fact>
        <Fact label="Transcript">{partStatusWords(clip, source?.transcript_status)}</Fact>
        <Fact label="Analysis">
          {partStatusWords(clip, source?.analysis_status)}
          {source?.analysis_version ? ` (version ${source.analysis_version})` : ''}
        </Fact>
        <Fact label="Suitability">
          {words(source?.suitability?.verdict)}
          {source?.suitability?.reason ? ` — ${source.suitability.reason}` : ''}
        </Fact>
        <Fact label="Suggestions">
          {partStatusWords(clip, source?.suggestions_status)}
          {counts
            ? ` — ${counts.total ?? 0} in all, ${counts.saved ?? 0} saved, ${counts.drafts ?? 0} drafts`
            : ''}
        </Fact>
        <Fact label="Readiness warnings">
          {(source?.readiness_warnings ?? []).length === 0 ? (
            'None'
          ) : (
            <ul className="ml-4 list-disc">
              {source?.readiness_warnings?.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </Fact>
      </Facts>
    </Section>
  );
}

function LayoutCaptions({ clip }: { clip: Clip }) {
  const layout = clip.layout;
  const captions = clip.captions;
  const mode = (value: string | undefined) =>
    value ? (LAYOUT_LABELS[value as ClipLayoutMode] ?? words(value)) : '—';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section id="clip-layout" title="Layout">
        <Facts>
          <Fact label="Requested">{mode(layout?.requested_mode)}</Fact>
          <Fact label="Applied">{mode(layout?.applied_mode)}</Fact>
          <Fact label="Request honoured">{yesNo(layout?.requested_mode_honored)}</Fact>
          <Fact label="Primary layout">{words(layout?.primary_layout)}</Fact>
          <Fact label="Stack ratio">{words(layout?.tutorial_stack_ratio)}</Fact>
          <Fact label="Speaker-aware">{yesNo(layout?.speaker_aware_applied)}</Fact>
          <Fact label="Fallback">
            {layout?.fallback_used
              ? `Used — ${words(layout.fallback_reason) || 'no reason given'}`
              : 'Not used'}
          </Fact>
          <Fact label="Warnings">{(layout?.warnings ?? []).join(' ') || 'None'}</Fact>
        </Facts>
      </Section>
      <Section id="clip-captions" title="Captions">
        <Facts>
          <Fact label="Enabled">{yesNo(captions?.enabled)}</Fact>
          <Fact label="Style">{captions?.style_id ?? ''}</Fact>
          <Fact label="Status">{partStatusWords(clip, captions?.status)}</Fact>
          <Fact label="Fitted to the window">{yesNo(captions?.clip_window_aware)}</Fact>
          <Fact label="Caption items">{String(captions?.item_count ?? 0)}</Fact>
          <Fact label="Warnings">{(captions?.warnings ?? []).join(' ') || 'None'}</Fact>
        </Facts>
      </Section>
    </div>
  );
}

const SEVERITY_ORDER = ['error', 'critical', 'warning', 'info'];

function QaSection({ clip }: { clip: Clip }) {
  const qa = clip.qa;
  const issues = [...(qa?.issues ?? [])].sort((a, b) => rank(a.severity) - rank(b.severity));
  const previews = qa?.preview_urls ?? [];
  return (
    <Section id="clip-qa" title="Quality check">
      <Facts>
        <Fact label="Status">{partStatusWords(clip, qa?.status)}</Fact>
        <Fact label="Score">
          {qa?.status === 'passed' || qa?.status === 'failed' ? (qa.score ?? 0).toFixed(2) : '—'}
        </Fact>
        <Fact label="Blocking">{yesNo(qa?.blocking)}</Fact>
        <Fact label="Required">{yesNo(qa?.required)}</Fact>
        <Fact label="Summary">{qa?.summary ?? ''}</Fact>
      </Facts>
      {issues.length > 0 ? (
        <div className="mt-3">
          <h3 className="mb-1 font-medium">Issues, most severe first</h3>
          <ul aria-label="QA issues" className="flex flex-col gap-2 text-sm">
            {issues.map((issue) => (
              <li key={`${issue.code}-${issue.title}`} className="rounded bg-slate-50 p-2">
                <p>
                  <span className="mr-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold uppercase">
                    {issue.severity}
                  </span>
                  <span className="font-medium">{issue.title}</span>
                </p>
                {issue.details ? <p className="text-slate-700">{issue.details}</p> : null}
                {issue.suggested_fix ? (
                  <p>
                    <span className="font-medium">Suggested fix: </span>
                    {issue.suggested_fix}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {previews.length > 0 || qa?.visual_debug_url ? (
        <div className="mt-3 flex flex-wrap items-end gap-3 text-sm">
          {previews.map((url, index) =>
            url.startsWith('data:image/') || /\.(png|jpe?g|webp|svg)(\?|$)/i.test(url) ? (
              <img
                key={url}
                src={url}
                alt={`QA preview ${index + 1} of ${clipTitle(clip)}`}
                className="h-40 w-24 rounded bg-slate-200 object-cover"
              />
            ) : (
              <a key={url} className={linkClass} href={url}>
                Preview {index + 1}
              </a>
            ),
          )}
          {qa?.visual_debug_url ? (
            <a className={linkClass} href={qa.visual_debug_url}>
              Visual debug report
            </a>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

function rank(severity: string | undefined): number {
  const index = SEVERITY_ORDER.indexOf(severity ?? '');
  return index === -1 ? SEVERITY_ORDER.length : index;
}

function ClipDetails({ clip }: { clip: Clip }) {
  const assetName = useAssetName(clip.source?.asset_id || undefined);
  const title = clipTitle(clip);
  const suggestion = appliedSuggestion(clip);
  const progress = clipProgress(clip);
  const duration = Math.max(
    clip.source?.canonical_duration_seconds ?? 0,
    clip.clip_window?.end_seconds ?? 0,
  );
  const working = isWorking(clip.status);
  return (
    <article aria-labelledby="clip-heading" className="flex flex-col gap-5">
      <div>
        <Link to="/clips" className={`text-sm ${linkClass}`}>
          ← All clips
        </Link>
        <h1 id="clip-heading" className="mt-2 text-2xl font-semibold">
          {title}
        </h1>
        {suggestion?.hook ? <p className="text-slate-700">“{suggestion.hook}”</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          <span role="status" aria-label="Clip status" data-status={clip.status}>
            <StatusBadge status={clip.status} clip={clip} />
          </span>
          <span className="text-slate-700">{STATUS_META[clip.status].summary}</span>
          {working ? (
            <span className="text-xs text-slate-600">Updates by itself as the service works.</span>
          ) : null}
        </div>
      </div>
      <PipelineSteps clip={clip} />
      {progress.length > 0 ? (
        <section
          aria-label="Where the clip is"
          className="flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm"
        >
          {progress.map((item) => (
            <Problem
              key={`${item.fields.join()}-${item.code}`}
              problem={item}
              index={`progress-${item.fields.join('-')}`}
              progress
            />
          ))}
        </section>
      ) : null}
      <ClipProblemsPanel clip={clip} />
      <Section id="clip-window" title="Window in the source">
        <p className="mb-2 text-sm">
          {windowText(clip)
            ? `${windowText(clip)} of ${formatDuration(duration)}`
            : 'No window has been chosen yet.'}
        </p>
        {duration > 0 ? (
          <SourceBar
            clips={[clip]}
            duration={duration}
            label={`The clip’s window on a bar of the source’s ${formatDuration(duration)}`}
            highlight={clip.clip_id}
            linkMarks={false}
          />
        ) : null}
      </Section>
      <SelectionSection clip={clip} />
      <SourceSection clip={clip} assetName={assetName} />
      <LayoutCaptions clip={clip} />
      <QaSection clip={clip} />
      <ExportSection clip={clip} />
      <Section id="clip-meta" title="Record">
        <Facts>
          <Fact label="Clip id">
            <code className="text-xs">{clip.clip_id}</code>
          </Fact>
          <Fact label="Project">
            {clip.project_id ? (
              <Link
                to="/projects/$projectId"
                params={{ projectId: clip.project_id }}
                className={linkClass}
              >
                {clip.requested_project_name || clip.project_id}
              </Link>
            ) : (
              clip.requested_project_name
            )}
          </Fact>
          <Fact label="Preset">{clip.requested_clip_preset_id ?? ''}</Fact>
          <Fact label="Next action">{words(clip.next_action)}</Fact>
          <Fact label="Request id">{clip.request_id ?? ''}</Fact>
          <Fact label="Created">{formatDateTime(clip.created_at)}</Fact>
          <Fact label="Updated">{formatDateTime(clip.updated_at)}</Fact>
        </Facts>
      </Section>
    </article>
  );
}

export function ClipDetailPage({ clipId }: { clipId: string }) {
  const clip = useQuery(clipQueryOptions(clipId));
  if (clip.isPending)
    return <LoadingState label={describeRetrying(clip.failureReason) ?? 'Loading clip…'} />;
  if (clip.isError) return <ErrorState error={clip.error} onRetry={() => void clip.refetch()} />;
  return <ClipDetails clip={clip.data} />;
}
