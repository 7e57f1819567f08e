/** Display names: set in settings, offered beside a note without ever blocking it. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { createReviewBffFake } from '@/test/review-bff-fake.ts';
import { setupTestServer } from '@/test/msw-server.ts';
import { testRevision } from '../testing/note-fixtures.ts';
import { DisplayNameSettings } from './display-name.tsx';
import { NoteComposer } from './note-composer.tsx';

const fake = createReviewBffFake();
setupTestServer(...fake.handlers);
afterEach(() => {
  fake.people.clear();
  fake.notes.length = 0;
  localStorage.clear();
});

describe('display names', () => {
  it('are set and removed in settings', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DisplayNameSettings />);
    expect(await screen.findByText(/You have not given a name/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The name is empty.');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), '  Dana Reviewer ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Dana Reviewer')).toBeInTheDocument();
    expect(fake.people.get('user_demo')).toBe('Dana Reviewer');
    await user.click(screen.getByRole('button', { name: 'Remove name' }));
    expect(await screen.findByText(/You have not given a name/)).toBeInTheDocument();
  });

  it('are offered beside a note, which is sent with or without one; "Not now" puts the offer away', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(
      <NoteComposer projectId="p1" revision={testRevision()} currentUserId="user_demo" />,
    );
    const offer = await screen.findByText(/Others read your notes as/);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Tighter cut on scene 2.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(/^Note added about the whole revision/)).toBeInTheDocument();
    expect(fake.notes).toHaveLength(1);
    expect(offer).toBeInTheDocument();
    await user.click(within(offer.parentElement!).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/Others read your notes as/)).toBeNull();
    first.unmount();
    renderWithProviders(
      <NoteComposer projectId="p1" revision={testRevision()} currentUserId="user_demo" />,
    );
    await screen.findByRole('textbox', { name: 'Note' });
    expect(screen.queryByText(/Others read your notes as/)).toBeNull();
  });
});
