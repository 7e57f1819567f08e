/**
 * The inspector's text style on a real timeline editor over the simulator (msw): brand colours
 * loading / empty / error / offered as swatches, a colour checked before any request, a brand
 * colour saved as one `timeline.item.text.style` operation and undone, a 400 naming the field shown
 * by that field, and a 409 re-applied through the kit's conflict retry (never silently).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { ConflictBanner, NoticeBanner } from '@/components/editor-banners.tsx';
import { useEditorContext, useEditorState } from '@/editor-kit/react.tsx';
import { renderWithProviders } from '@/test/render.tsx';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { createTimelineEditor, type TimelineEditor } from '../state/create-timeline-editor.ts';
import { TimelineInspector } from './timeline-inspector.tsx';
import type { OnboardingState, Timeline, TimelineItem } from '@/api/schema.gen.ts';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 7 });
const server = setupServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const BRAND: OnboardingState = {
  status: 'complete',
  completed_at: '2026-11-23T10:00:00.000Z',
  brand_context: {
    brand_name: 'Northwind Coffee',
    website_url: 'https://northwind-coffee.com',
    colors: [
      { hex: '#1E40AF', name: 'Primary' },
      { hex: '#F59E0B', name: 'Accent' },
    ],
    fonts: ['Poppins', 'Inter'],
    logo_asset_id: null,
    logo_url: null,
    caption_defaults: {
      look_id: 'clean-minimal',
      font_family: 'Poppins',
      color: '#FFFFFF',
      active_word_color: '#F59E0B',
      position: 'bottom',
    },
    updated_at: '2026-11-23T10:00:00.000Z',
  },
};

const withBrand = () =>
  server.use(http.get(`${apiBase}/onboarding`, () => HttpResponse.json(BRAND)));

async function seededProject(): Promise<string> {
  const response = await fetch(`${apiBase}/projects?limit=50`);
  const body = (await response.json()) as { projects: { id: string; name: string }[] };
  return body.projects.find((project) => project.name === 'Product launch teaser')!.id;
}

const textItems = (timeline: Timeline) =>
  timeline.layers
    .filter((layer) => !layer.locked)
    .flatMap((layer) => layer.items)
    .filter((item) => item.type === 'text');

function Harness({
  projectId,
  pick,
  onEditor,
}: {
  projectId: string;
  pick(timeline: Timeline): TimelineItem;
  onEditor(editor: TimelineEditor): void;
}) {
  const queryClient = useQueryClient();
  const [editor] = useState(() => {
    const created = createTimelineEditor({ projectId, queryClient, initial: {} });
    onEditor(created);
    return created;
  });
  const timeline = useQuery(timelineQueryOptions(projectId));
  const [picked, setPicked] = useState<string | null>(null);
  if (timeline.data && picked === null) {
    const item = pick(timeline.data);
    setPicked(item.id);
    editor.setState({ selection: new Set([item.id]) });
  }
  const ctx = useEditorContext(editor);
  const notice = useEditorState(editor, (state) => state.notice);
  const conflict = useEditorState(editor, (state) => state.conflict);
  return (
    <>
      {conflict ? (
        <ConflictBanner conflict={conflict} what="this timeline" onDismiss={() => {}} />
      ) : null}
      {notice ? <NoticeBanner notice={notice} onDismiss={() => {}} /> : null}
      {ctx && picked ? <TimelineInspector editor={editor} ctx={ctx} busy={false} /> : null}
    </>
  );
}

async function setup(pick: (timeline: Timeline) => TimelineItem = (t) => textItems(t)[0]!) {
  const projectId = await seededProject();
  let editor!: TimelineEditor;
  const result = renderWithProviders(
    <Harness projectId={projectId} pick={pick} onEditor={(created) => (editor = created)} />,
  );
  await screen.findByRole('region', { name: 'Inspector' });
  const timeline = () =>
    result.queryClient.getQueryData<Timeline>(timelineQueryOptions(projectId).queryKey)!;
  const selected = () =>
    textItems(timeline()).find((item) => editor.getState().selection.has(item.id))!;
  return { ...result, projectId, editor: () => editor, timeline, selected };
}

const brandGroup = () => screen.getByRole('group', { name: 'Brand' });

describe('text style in the timeline inspector', () => {
  it('says the brand colours are loading', async () => {
    server.use(
      http.get(`${apiBase}/onboarding`, async () => {
        await delay('infinite');
        return HttpResponse.json(BRAND);
      }),
    );
    await setup();
    expect(within(brandGroup()).getByRole('status')).toHaveTextContent('Loading brand colours…');
  });

  it('with no brand yet, says so and links to onboarding', async () => {
    await setup();
    await waitFor(() =>
      expect(brandGroup()).toHaveTextContent('No brand set: finish onboarding in Settings.'),
    );
    expect(within(brandGroup()).getByRole('link', { name: 'finish onboarding' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    // The free colour still works without a brand.
    expect(screen.getByLabelText('Text colour (#RRGGBB)')).toBeEnabled();
  });

  it('says the brand colours could not be loaded, and retries', async () => {
    let calls = 0;
    server.use(
      http.get(`${apiBase}/onboarding`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'internal_error', message: 'Boom.', param: null } },
              { status: 500 },
            )
          : HttpResponse.json(BRAND);
      }),
    );
    await setup();
    const alert = await within(brandGroup()).findByRole('alert');
    expect(alert).toHaveTextContent(/Brand colours could not be loaded/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry brand colours' }));
    expect(
      await within(brandGroup()).findByRole('button', { name: 'Brand Primary #1E40AF' }),
    ).toBeVisible();
  });

  it('saves a brand colour as one operation under the revision, and undoes it', async () => {
    withBrand();
    const sent: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/timeline/operations/batch'))
        sent.push(await request.clone().json());
    });
    const { editor, timeline, selected } = await setup();
    const before = selected();
    const revision = timeline().revision;
    expect(screen.getByText(new RegExp(`Text colour: ${before.text_style!.color}`))).toBeVisible();
    const primary = await within(brandGroup()).findByRole('button', {
      name: 'Brand Primary #1E40AF',
    });
    expect(primary).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(primary);
    await waitFor(() => expect(timeline().revision).toBe(revision + 1));
    expect(selected().text_style?.color).toBe('#1E40AF');
    expect(sent).toEqual([
      {
        expected_revision: revision,
        dry_run: false,
        operations: [
          {
            operation_id: 'timeline.item.text.style',
            timeline_item_id: before.id,
            color: '#1E40AF',
            font_family: before.text_style!.font_family ?? null,
          },
        ],
      },
    ]);
    await waitFor(() =>
      expect(
        within(brandGroup()).getByRole('button', { name: 'Brand Primary #1E40AF' }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByLabelText('Text colour (#RRGGBB)')).toHaveValue('#1E40AF');

    await editor().undo();
    await waitFor(() => expect(selected().text_style).toEqual(before.text_style));
    expect(timeline().revision).toBe(revision + 2);
    server.events.removeAllListeners();
  });

  it('checks a typed colour before sending anything', async () => {
    withBrand();
    let requests = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/timeline/operations')) requests += 1;
    });
    await setup();
    const field = screen.getByLabelText('Text colour (#RRGGBB)');
    await userEvent.clear(field);
    await userEvent.type(field, 'navy{Enter}');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/“navy” is not a colour/);
    expect(requests).toBe(0);
    server.events.removeAllListeners();
  });

  it('shows a 400 naming the colour under the colour field', async () => {
    withBrand();
    server.use(
      http.post(`${apiBase}/projects/:projectId/timeline/operations/batch`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_request',
              message: 'This colour is not allowed by the workspace policy.',
              param: 'operations[0].color',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { selected } = await setup();
    const before = selected().text_style;
    const field = screen.getByLabelText('Text colour (#RRGGBB)');
    await userEvent.clear(field);
    await userEvent.type(field, '#00ff00{Enter}');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      'This colour is not allowed by the workspace policy.',
    );
    // Rolled back, and said in the notice too.
    expect(selected().text_style).toEqual(before);
    expect(screen.getByRole('alert')).toHaveTextContent(/Set text colour failed/);
  });

  it('re-applies after a 409 when the change still applies, and says so', async () => {
    withBrand();
    let conflicts = 0;
    server.use(
      http.post(`${apiBase}/projects/:projectId/timeline/operations/batch`, () => {
        if (conflicts > 0) return undefined; // the simulator answers the retry
        conflicts += 1;
        return HttpResponse.json(
          {
            error: {
              code: 'revision_conflict',
              message: 'expected_revision is stale.',
              param: 'expected_revision',
            },
          },
          { status: 409 },
        );
      }),
    );
    const { timeline, selected } = await setup();
    const revision = timeline().revision;
    await userEvent.click(
      await within(brandGroup()).findByRole('button', { name: 'Brand Accent #F59E0B' }),
    );
    await waitFor(() => expect(selected().text_style?.color).toBe('#F59E0B'));
    await waitFor(() => expect(timeline().revision).toBe(revision + 1));
    expect(conflicts).toBe(1);
    const banner = screen.getByText('Someone else changed this timeline').closest('[role=alert]');
    expect(banner).toHaveTextContent(/Your change \(Set text colour\) still applied/);
  });

  it('changes the font family when the item carries one', async () => {
    withBrand();
    const { selected, timeline } = await setup((t) =>
      textItems(t).find((item) => item.text_style?.font_family)!,
    );
    const revision = timeline().revision;
    const font = screen.getByLabelText('Font family');
    await userEvent.clear(font);
    await userEvent.type(font, 'Poppins{Enter}');
    await waitFor(() => expect(selected().text_style?.font_family).toBe('Poppins'));
    // Shown at once; the service's revision follows (the request goes after the painted frame).
    await waitFor(() => expect(timeline().revision).toBe(revision + 1));
  });

  it('offers no font field for a text item without a font', async () => {
    withBrand();
    await setup((t) => textItems(t).find((item) => !item.text_style?.font_family)!);
    expect(screen.getByLabelText('Text colour (#RRGGBB)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Font family')).toBeNull();
  });

  it('offers no text style for an item that is not text', async () => {
    withBrand();
    await setup((t) => t.layers.flatMap((layer) => layer.items).find((i) => i.type === 'video')!);
    expect(screen.getByLabelText('Start (s)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Text colour (#RRGGBB)')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Brand' })).toBeNull();
  });
});
