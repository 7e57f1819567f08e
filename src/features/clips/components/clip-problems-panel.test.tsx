import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { setupTestServer } from '@/test/msw-server.ts';
import { clipAt, suggestion } from '../model/test-clips.ts';
import type { Clip } from '@/api/schema.gen.ts';
import { ClipProblemsPanel } from './clip-problems-panel.tsx';

const apiBase = `${window.location.origin}/api/v1`;
const server = setupTestServer();

const stopped: Clip = {
  ...clipAt('c1', null, { status: 'needs_reselection' }),
  selection: {
    requested_suggestion_id: 's-a',
    applied_suggestion_id: '',
    alternatives: [suggestion('s-a', 0, 8, 0.9), suggestion('s-b', 60, 95, 0.8)],
  },
  blocking_error: {
    step: 'selection',
    code: 'suggestion_too_short',
    message: 'The best moment is too short.',
    how_to_fix: ['Choose another suggestion.'],
    retryable: true,
    retry_same_input: false,
  },
  status_detail: {
    code: 'selection_blocked',
    message: 'No moment meets the preset minimum.',
    retryable: true,
    retry_same_input: false,
  },
};

function refuseRetry(status: number, error: Record<string, string>) {
  let calls = 0;
  server.use(
    http.post(`${apiBase}/clips/c1/retry`, () => {
      calls += 1;
      return HttpResponse.json({ error }, { status });
    }),
    // The page reloads the clip after a refusal.
    http.get(`${apiBase}/clips/c1`, () => HttpResponse.json(stopped)),
  );
  return () => calls;
}

describe('ClipProblemsPanel', () => {
  it('reads the status detail in full beside the blocking error', async () => {
    renderWithProviders(<ClipProblemsPanel clip={stopped} />);
    const detail = await screen.findByRole('article', { name: /Waiting at Selection/ });
    // Plain words first; the service's code only as a secondary line.
    expect(within(detail).getByText('Code selection_blocked')).toBeTruthy();
    expect(detail.textContent).not.toContain('status detail');
    expect(within(detail).getByText('No moment meets the preset minimum.')).toBeTruthy();
    expect(within(detail).getByText('Selection')).toBeTruthy();
    expect(within(detail).getByText(/pick another suggestion/)).toBeTruthy();
    expect(within(detail).getByRole('list', { name: 'How to fix' })).toBeTruthy();
    expect(within(detail).getByText(/Retrying the same input will not help/)).toBeTruthy();
  });

  it('says a retry the clip no longer allows (409) in words, not as someone else’s edit', async () => {
    const calls = refuseRetry(409, {
      code: 'not_retryable',
      message: 'The clip’s error is not retryable.',
    });
    renderWithProviders(<ClipProblemsPanel clip={stopped} />);
    fireEvent.click(await screen.findByRole('button', { name: /Use “Moment s-b”/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The clip changed since this page showed it.');
    expect(alert.textContent).toContain('The clip’s error is not retryable.');
    expect(calls()).toBe(1);
  });

  it('names a refused retry field (400 with param) as the screen does', async () => {
    refuseRetry(400, {
      code: 'invalid_request',
      message: 'suggestion_id is not one of the clip’s alternatives.',
      param: 'suggestion_id',
    });
    renderWithProviders(<ClipProblemsPanel clip={stopped} />);
    fireEvent.click(await screen.findByRole('button', { name: /Use “Moment s-b”/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Check “Suggested moment”');
  });
});
