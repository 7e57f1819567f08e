import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { SessionHeader } from './session-header.tsx';
import type { Session } from '@/api/bff-schema.gen.ts';

const session: Session = {
  organization_id: 'org_acme',
  user_id: 'user_1',
  plan: 'pro',
  environment: 'test',
  key_prefix: 'vcs_test_abc',
  csrf_token: 'csrf',
  expires_at: '2030-01-01T00:00:00.000Z',
};

describe('SessionHeader', () => {
  it('shows organization, plan and key prefix, with an amber test badge', async () => {
    renderWithProviders(<SessionHeader session={session} />);
    expect(await screen.findByText('org_acme')).toBeInTheDocument();
    expect(screen.getByText('pro')).toBeInTheDocument();
    expect(screen.getByText('vcs_test_abc…')).toBeInTheDocument();
    const badge = screen.getByLabelText('Environment: test');
    expect(badge).toHaveTextContent('test');
    expect(badge.className).toMatch(/amber/);
  });

  it('marks a live key in red', async () => {
    renderWithProviders(<SessionHeader session={{ ...session, environment: 'live' }} />);
    const badge = await screen.findByLabelText('Environment: live');
    expect(badge.className).toMatch(/red/);
    expect(badge.className).not.toMatch(/amber/);
  });
});
