/** The notes panel and "Request changes" of a plan revision, over the BFF's review routes (msw). */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { createReviewBffFake } from '@/test/review-bff-fake.ts';
import { setupTestServer } from '@/test/msw-server.ts';
import { testRevision } from '../testing/note-fixtures.ts';
import { useNotesPanelStore } from '../state/notes-panel-store.ts';
import { NoteMarker } from './note-marker.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { RequestChanges } from './request-changes.tsx';

const fake = createReviewBffFake();
const server = setupTestServer(...fake.handlers);
const revision = testRevision();

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  fake.notes.length = 0;
  fake.decisions.length = 0;
  fake.requests.length = 0;
  fake.people.clear();
  Object.assign(fake.session, { userId: 'user_demo', canWrite: true });
  localStorage.clear();
  useNotesPanelStore.setState({ revisionId: null, compose: null, about: null });
});

async function renderReview() {
  const rendered = renderWithProviders(
    <>
      <RequestChanges projectId="p1" revision={revision} currentUserId="user_demo" />
      <NoteMarker projectId="p1" revisionId="r1" target={{ kind: 'scene', sceneIndex: 2 }} />
      <NotesPanel projectId="p1" revision={revision} currentUserId="user_demo" />
    </>,
  );
  await screen.findByRole('region', { name: 'Notes' });
  return rendered;
}

const panel = () => screen.getByRole('region', { name: 'Notes' });

describe('notes on a plan revision', () => {
  it('writes a note on scene 3 from its marker, then requests changes (refused before without one)', async () => {
    const user = userEvent.setup();
    await renderReview();
    const request = await screen.findByRole('button', { name: 'Request changes' });
    expect(request).toBeDisabled();
    expect(request).toHaveAccessibleDescription(/Write a note first/);
    expect(within(panel()).getByText(/No notes yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Add note\s?on scene 3$/ }));
    expect(screen.getByLabelText('About')).toHaveValue('scene:2');
    const text = screen.getByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(text).toHaveFocus());
    await user.type(text, 'The lamp is unlit here.');
    expect(screen.getByText('23 / 4,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    const note = await within(panel()).findByRole('article', {
      name: 'Note about Scene 3: The logbook',
    });
    expect(within(note).getByText('The lamp is unlit here.')).toBeInTheDocument();
    expect(within(note).getByText('You')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(await screen.findByRole('button', { name: /^1 open note\s?on scene 3$/ })).toBeVisible();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Request changes' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(
      await screen.findByText((_, element) =>
        Boolean(
          element?.matches('[role="status"]') &&
          /^Changes requested by You · .+ · 1 open note$/.test(element.textContent ?? ''),
        ),
      ),
    ).toBeInTheDocument();
    // The panel lists the decision.
    expect(within(panel()).getByRole('region', { name: 'Decisions' })).toHaveTextContent(
      /Changes requested by You/,
    );
    expect(fake.decisions).toHaveLength(1);
  });

  it('counts characters as they are typed and refuses an over-long note or script before any request', async () => {
    const user = userEvent.setup();
    await renderReview();
    const text = await screen.findByRole('textbox', { name: 'Note' });
    await user.click(text);
    await user.paste('x'.repeat(4_005));
    expect(screen.getByText('4,005 / 4,000')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The note is 4,005 characters long');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.clear(text);
    await user.type(text, 'see <script>alert(1)</script>');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /cannot hold script: remove a <script> tag/,
    );
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(fake.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('keeps unsent text on the device: it is there again after a reload', async () => {
    const user = userEvent.setup();
    const first = await renderReview();
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Half a thought');
    first.unmount();
    await renderReview();
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');
  });

  it('shows markup and script in a note as text, and its addresses as plain links', async () => {
    fake.addNote({
      project_id: 'p1',
      revision_id: 'r1',
      author_id: 'user_other',
      author_name: 'Dana Reviewer',
      body: '<script>alert(1)</script> <b>bold</b> see https://example.com/ref.',
    });
    const { container } = await renderReview();
    const note = await within(panel()).findByRole('article', {
      name: /Note about The whole revision/,
    });
    expect(note).toHaveTextContent(
      '<script>alert(1)</script> <b>bold</b> see https://example.com/ref.',
    );
    expect(container.querySelector('script, b')).toBeNull();
    expect(within(note).getByRole('link', { name: 'https://example.com/ref' })).toHaveAttribute(
      'href',
      'https://example.com/ref',
    );
    expect(within(note).getByText('Dana Reviewer')).toBeInTheDocument();
    // Someone else's note: it can be resolved and answered, not edited.
    expect(within(note).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('tells the second of two reviewers resolving one note, in words, and shows who won', async () => {
    const user = userEvent.setup();
    const note = fake.addNote({ project_id: 'p1', revision_id: 'r1', author_id: 'user_other' });
    await renderReview();
    const card = await within(panel()).findByRole('article', { name: /Note about/ });
    // Another reviewer resolves it first.
    Object.assign(note, {
      status: 'resolved',
      resolved_by: 'user_other',
      resolved_by_name: 'Dana Reviewer',
      resolved_at: new Date().toISOString(),
      version: 2,
    });
    await user.click(within(card).getByRole('button', { name: /^Resolve/ }));
    expect(await screen.findByText(/Dana Reviewer resolved this note first/)).toBeInTheDocument();
    expect(screen.getByText('Someone else changed this note first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText(/Resolved by Dana Reviewer/)).toBeInTheDocument();
  });

  it('lets the author edit and delete within 15 minutes; replies one level deep', async () => {
    const user = userEvent.setup();
    fake.addNote({ project_id: 'p1', revision_id: 'r1', body: 'Fix the sky.' });
    await renderReview();
    const card = await within(panel()).findByRole('article', { name: /Note about/ });
    expect(within(card).getByText(/minutes left/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Edit\s?your note$/ }));
    const field = within(card).getByRole('textbox', { name: 'Your note' });
    await user.clear(field);
    await user.type(field, 'Fix the sky, please.');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Fix the sky, please.')).toBeInTheDocument();
    expect(within(card).getByText(/edited/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /^Reply/ }));
    await user.type(within(card).getByRole('textbox', { name: 'Reply' }), 'Done in rev 2.');
    await user.click(within(card).getByRole('button', { name: 'Send reply' }));
    const replies = await within(card).findByRole('list', { name: /Replies to/ });
    expect(within(replies).getByText('Done in rev 2.')).toBeInTheDocument();

    await user.click(within(card).getAllByRole('button', { name: /^Delete\s?your note$/ })[0]!);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel()).queryByRole('article')).toBeNull());
  });

  it('a read-only key reads the notes but is offered no writing, refused before the click', async () => {
    fake.session.canWrite = false;
    fake.addNote({ project_id: 'p1', revision_id: 'r1', author_id: 'user_other' });
    await renderReview();
    expect(await within(panel()).findByText(/Your key is read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Resolve\s?the note/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add note/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request changes' })).toHaveAccessibleDescription(
      /read-only/,
    );
  });

  it('says so when the database cannot be reached, and offers to try again', async () => {
    server.use(
      http.get('*/bff/projects/:projectId/faceless/plans/:revisionId/notes', () =>
        HttpResponse.json(
          {
            error: {
              code: 'database_unavailable',
              message: 'The database is not answering.',
              param: null,
              doc_url: 'http://localhost/bff/errors#database_unavailable',
            },
          },
          { status: 503 },
        ),
      ),
    );
    await renderReview();
    expect(
      await within(panel()).findByText('Cutroom’s records are unavailable right now'),
    ).toBeInTheDocument();
    expect(within(panel()).getByText(/everything else keeps working/)).toBeInTheDocument();
    // Request changes needs the notes: it is not offered rather than offered wrongly.
    expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull();
    await act(async () => undefined);
  });
});
