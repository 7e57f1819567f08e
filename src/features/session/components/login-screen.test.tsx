import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

const session = {
  organization_id: 'org_demo',
  user_id: 'user_1',
  plan: 'pro',
  environment: 'test',
  key_prefix: 'vcs_test_dem',
  csrf_token: 'csrf-1',
};
const loginBodies: unknown[] = [];
const server = setupServer(
  http.get('*/bff/config', () =>
    HttpResponse.json({ demo_available: true, upstream: 'simulator' }),
  ),
  http.post('*/bff/session', async ({ request }) => {
    const body = (await request.json()) as { api_key?: string; demo?: boolean };
    loginBodies.push(body);
    if (body.demo || body.api_key === 'vcs_test_demo_paid') return HttpResponse.json(session);
    return HttpResponse.json(
      { error: { code: 'unauthorized', message: 'Invalid API key.' } },
      { status: 401 },
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  loginBodies.length = 0;
});
afterAll(() => server.close());

describe('LoginScreen', () => {
  it('explains a missing key before sending anything', async () => {
    renderWithProviders(<LoginScreen onSignedIn={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Paste your API key.')).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
    expect(loginBodies).toEqual([]);
  });

  it('says clearly when the service refuses the key', async () => {
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginScreen onSignedIn={onSignedIn} />);
    await userEvent.type(await screen.findByLabelText('API key'), '  vcs_test_wrong_key_123 ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That key was refused');
    expect(loginBodies).toEqual([{ api_key: 'vcs_test_wrong_key_123' }]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in with the demo workspace when the server offers it', async () => {
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginScreen onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Use demo workspace' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(loginBodies).toEqual([{ demo: true }]);
  });

  it('hides the demo option when no demo workspace is configured', async () => {
    server.use(
      http.get('*/bff/config', () =>
        HttpResponse.json({ demo_available: false, upstream: 'remote' }),
      ),
    );
    renderWithProviders(<LoginScreen onSignedIn={vi.fn()} />);
    // Wait until the config has been answered (the "checking" status goes away) before asserting.
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() =>
      expect(screen.queryByText('Checking for a demo workspace…')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Use demo workspace' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not ask the server/)).not.toBeInTheDocument();
  });
});
