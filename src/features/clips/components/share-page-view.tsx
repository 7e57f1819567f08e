import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { describeRetrying } from '@/api/api-error.ts';
import { LoadingState } from '@/components/loading-state.tsx';
import {
  clipListQueryOptions,
  clipSharePageQueryOptions,
  useAssetName,
  useSetShareVisibility,
} from '../api/clips-queries.ts';
import type { Clip, ClipSharePage } from '@/api/schema.gen.ts';
import {
  Fact,
  Facts,
  StatusBadge,
  clipTitle,
  linkClass,
  windowText,
  yesNo,
} from './clip-parts.tsx';

const PAGE = 50;

function CopyLink({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a className={`${linkClass} break-all`} href={url}>
        {url}
      </a>
      <Button variant="secondary" className="py-1" onClick={() => void copy()}>
        Copy link
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {state === 'copied'
          ? 'Link copied.'
          : state === 'failed'
            ? 'Copying is blocked here; select the link and copy it.'
            : ''}
      </span>
    </span>
  );
}

function VisibilityRow({
  clip,
  page,
  onToggle,
  pending,
}: {
  clip: Clip;
  page: ClipSharePage;
  onToggle: (clip: Clip, visible: boolean) => void;
  pending: boolean;
}) {
  const visible = !(page.hidden_clip_ids ?? []).includes(clip.clip_id);
  const title = clipTitle(clip);
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <button
        type="button"
        role="switch"
        aria-checked={visible}
        aria-label={`Show “${title}” on the share page`}
        disabled={pending}
        onClick={() => onToggle(clip, !visible)}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:opacity-60 ${visible ? 'bg-indigo-600' : 'bg-slate-400'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute left-0 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${visible ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
      <span className="w-16 text-xs text-slate-600">{visible ? 'Visible' : 'Hidden'}</span>
      <Link to="/clips/$clipId" params={{ clipId: clip.clip_id }} className={linkClass}>
        {title}
      </Link>
      <span className="text-sm text-slate-600">{windowText(clip) ?? ''}</span>
      <StatusBadge status={clip.status} clip={clip} />
    </li>
  );
}

/** The share page of an asset's clips: its settings, and which clips it shows. */
export function SharePageView({ assetId }: { assetId: string }) {
  const page = useQuery(clipSharePageQueryOptions(assetId));
  const clips = useQuery(clipListQueryOptions({ statuses: [], assetId, offset: 0, limit: PAGE }));
  const visibility = useSetShareVisibility(assetId);
  const assetName = useAssetName(assetId);

  if (page.isPending)
    return (
      <LoadingState label={describeRetrying(page.failureReason) ?? 'Loading the share page…'} />
    );
  if (page.isError) return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  const share = page.data;
  return (
    <article aria-labelledby="share-heading" className="flex flex-col gap-5">
      <div>
        <Link to="/clips" search={{ asset: assetId }} className={`text-sm ${linkClass}`}>
          ← Clips of this asset
        </Link>
        <h1 id="share-heading" className="mt-2 text-2xl font-semibold">
          Share page · {assetName ?? share.title ?? assetId}
        </h1>
      </div>
      <section
        aria-label="Share page settings"
        className="rounded-lg border border-slate-200 bg-white p-5"
      >
        {!share.exists ? (
          <p className="mb-3 text-sm text-amber-900">
            This asset has no share page yet; choosing which clips it shows creates it.
          </p>
        ) : null}
        <Facts>
          <Fact label="Enabled">
            {share.enabled
              ? 'Yes — anyone with the link can open it'
              : 'No — the link does not open'}
          </Fact>
          <Fact label="Link">
            {share.share_url ? <CopyLink url={share.share_url} /> : 'No link yet'}
          </Fact>
          <Fact label="Downloads allowed">{yesNo(share.allow_downloads)}</Fact>
          <Fact label="Title">{share.title ?? ''}</Fact>
          <Fact label="Description">{share.description ?? ''}</Fact>
          <Fact label="Hidden clips">{String(share.hidden_clip_ids?.length ?? 0)}</Fact>
        </Facts>
      </section>
      <section
        aria-labelledby="share-clips-heading"
        className="rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="share-clips-heading" className="mb-2 text-lg font-semibold">
          Clips on the page
        </h2>
        <InlineError error={visibility.error} />
        {clips.isPending ? (
          <LoadingState
            label={describeRetrying(clips.failureReason) ?? 'Loading the asset’s clips…'}
          />
        ) : clips.isError ? (
          <ErrorState error={clips.error} onRetry={() => void clips.refetch()} />
        ) : clips.data.clips.length === 0 ? (
          <p className="text-sm text-slate-600">No clips have been cut from this asset yet.</p>
        ) : (
          <>
            <ul aria-label="Clip visibility" className="divide-y divide-slate-100">
              {clips.data.clips.map((clip) => (
                <VisibilityRow
                  key={clip.clip_id}
                  clip={clip}
                  page={share}
                  pending={visibility.isPending && visibility.variables?.clipId === clip.clip_id}
                  onToggle={(target, visible) =>
                    visibility.mutate({
                      clipId: target.clip_id,
                      visibility: visible ? 'visible' : 'hidden',
                    })
                  }
                />
              ))}
            </ul>
            {clips.data.bounds.has_more ? (
              <p className="mt-2 text-sm text-slate-600">
                The first {clips.data.bounds.returned} of {clips.data.bounds.total} clips are listed
                here;{' '}
                <Link to="/clips" search={{ asset: assetId }} className={linkClass}>
                  see them all in the library
                </Link>
                .
              </p>
            ) : null}
          </>
        )}
      </section>
    </article>
  );
}
