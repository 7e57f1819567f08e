/** The ops screen's audit log: names, filters kept in the URL and sent to the BFF, CSV, states. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditOperation } from '@/api/bff-schema.gen.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { setupTestServer } from '@/test/msw-server.ts';
import { OpsPage } from './ops-page.tsx';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  time: '2026-12-07T10:00:00.000Z',
  organization_id: 'org_demo',
  user_id: 'user_other',
  method: 'PUT',
  endpoint: '/bff/notes/{noteId}/status',
  path: '/bff/notes/1/status',
  status: 200,
  reason: null,
  dry_run: null,
  selected_count: null,
  deleted_count: null,
  failed_count: null,
  replayed: false,
  operation_id: null,
  action: 'note.resolve',
  action_label: 'Resolved a note',
  outcome: 'succeeded',
  user_name: 'Dana Reviewer',
  project_id: 'p1',
  revision_id: 'r1',
  subject_id: 'n1',
  summary: 'The lamp should be lit <b>here</b>.',
  ...overrides,
});
const operation = (first: AuditEntry): AuditOperation => ({
  id: first.id,
  time: first.time,
  started_at: first.time,
  user_id: first.user_id,
  endpoint: first.endpoint,
  reason: first.reason,
  entries: [first],
});

const audits: URL[] = [];
const server = setupTestServer(
  http.get('*/admin/recovery/trigger-runs', () =>
    HttpResponse.json({
      runs: [],
      bounds: { limit: 20, offset: 0, total: 0, returned: 0, has_more: false, truncated: false },
    }),
  ),
  http.get('*/bff/audit/facets', () =>
    HttpResponse.json({
      actions: [
        { action: 'note.resolve', label: 'Resolved a note', count: 1 },
        { action: 'batchDeleteProjects', label: 'Delete projects', count: 3 },
      ],
      people: [
        { user_id: 'user_other', display_name: 'Dana Reviewer', count: 1 },
        { user_id: 'user_demo', display_name: null, count: 3 },
      ],
    }),
  ),
  http.get('*/bff/audit', ({ request }) => {
    audits.push(new URL(request.url));
    return HttpResponse.json({
      operations: [
        operation(entry({})),
        operation(
          entry({
            id: 'e2',
            user_id: 'user_demo',
            user_name: null,
            action_label: 'Wrote a note',
            summary: null,
          }),
        ),
      ],
      bounds: { limit: 25, offset: 0, total: 2, returned: 2, has_more: false },
    });
  }),
);

describe('the audit log', () => {
  it('names people ("You", their name; the id on demand) and shows a note change in words', async () => {
    renderWithProviders(<OpsPage search={{ runs: 0, audit: 0 }} currentUserId="user_demo" />, {
      path: '/ops',
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, resolved, written] = within(table).getAllByRole('row');
    expect(resolved).toHaveTextContent('Dana Reviewer');
    expect(resolved).toHaveTextContent('Resolved a note');
    expect(resolved).toHaveTextContent('“The lamp should be lit <b>here</b>.”');
    expect(resolved).toHaveTextContent('Done');
    expect(written).toHaveTextContent('You');
    expect(within(resolved!).queryByText('user_other')).toBeNull();
    await userEvent.setup().click(within(resolved!).getByRole('button', { name: 'Show id' }));
    expect(within(resolved!).getByText('user_other')).toBeInTheDocument();
  });

  it('sends the URL’s filters to the BFF and the CSV export, and a filter change goes to the URL', async () => {
    audits.length = 0;
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <OpsPage
        search={{
          runs: 0,
          audit: 25,
          from: '2026-12-01',
          to: '2026-12-07',
          who: 'user_other',
          outcome: 'failed',
        }}
        currentUserId="user_demo"
      />,
      { path: '/ops' },
    );
    await screen.findByRole('table', { name: 'Audit log' });
    const sent = audits.at(-1)!;
    expect(sent.searchParams.getAll('user_id')).toEqual(['user_other']);
    expect(sent.searchParams.getAll('outcome')).toEqual(['failed']);
    expect(sent.searchParams.get('offset')).toBe('25');
    expect(new Date(sent.searchParams.get('to') ?? '').getDate()).toBe(8);
    const csv = screen.getByRole('link', { name: 'Export these entries as CSV' });
    expect(csv.getAttribute('href')).toMatch(
      /^\/bff\/audit\/export\?from=.+&to=.+&user_id=user_other&outcome=failed$/,
    );

    const person = await screen.findByRole('combobox', { name: 'Person' });
    await waitFor(() =>
      expect(within(person).getByRole('option', { name: 'You' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Delete projects');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        action: 'batchDeleteProjects',
        audit: 0,
      }),
    );
  });

  it('goes on from where a page ended (its cursor), and says when the total is only a lower bound', async () => {
    audits.length = 0;
    server.use(
      http.get('*/bff/audit', ({ request }) => {
        audits.push(new URL(request.url));
        return HttpResponse.json({
          operations: [operation(entry({}))],
          bounds: {
            limit: 25,
            offset: 25,
            total: 1000,
            total_capped: true,
            returned: 25,
            has_more: true,
            next_cursor: 'page3start',
          },
        });
      }),
    );
    renderWithProviders(
      <OpsPage search={{ runs: 0, audit: 25, after: 'page2start' }} currentUserId="user_demo" />,
      { path: '/ops' },
    );
    await screen.findByRole('table', { name: 'Audit log' });
    expect(audits.at(-1)!.searchParams.get('cursor')).toBe('page2start');
    const pages = screen.getByRole('navigation', { name: 'Audit pages' });
    expect(pages).toHaveTextContent('Showing 26–50 of more than 1,000');
    const next = new URL(
      within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(next.searchParams.get('audit')).toBe('50');
    expect(next.searchParams.get('after')).toBe('page3start');
    const previous = new URL(
      within(pages).getByRole('link', { name: 'Previous page' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(previous.searchParams.get('audit')).toBe('0');
    expect(previous.searchParams.has('after')).toBe(false);
  });

  it('says when nothing matches, and when the log cannot be read', async () => {
    server.use(
      http.get('*/bff/audit', () =>
        HttpResponse.json({
          operations: [],
          bounds: { limit: 25, offset: 0, total: 0, returned: 0, has_more: false },
        }),
      ),
    );
    const first = renderWithProviders(
      <OpsPage search={{ runs: 0, audit: 0, outcome: 'partial' }} currentUserId="user_demo" />,
    );
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    first.unmount();
    server.use(
      http.get('*/bff/audit', () =>
        HttpResponse.json(
          {
            error: {
              code: 'database_unavailable',
              message: 'The database is not answering.',
              param: null,
              doc_url: 'http://localhost/bff/errors',
            },
          },
          { status: 503 },
        ),
      ),
    );
    renderWithProviders(<OpsPage search={{ runs: 0, audit: 0 }} currentUserId="user_demo" />);
    expect(
      await screen.findByText('Cutroom’s records are unavailable right now'),
    ).toBeInTheDocument();
  });
});
