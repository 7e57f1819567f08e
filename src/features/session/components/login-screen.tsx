import { bffConfigQueryOptions } from '@/api/bff-config.ts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, describeError } from '@/api/api-error.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { LogoMark } from '@/components/logo-mark.tsx';
import { TextField } from '@/components/text-field.tsx';
import { useLogin, validateApiKeyInput } from '../api/session-queries.ts';
import type { Session } from '@/api/bff-schema.gen.ts';

function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'That key was refused by the video service. Check it is complete and not revoked.';
  }
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterMs ? ` Wait ${Math.ceil(error.retryAfterMs / 1000)} s.` : '';
    return `Too many sign-in attempts.${wait}`;
  }
  const { title, detail } = describeError(error);
  return `${title}. ${detail}`;
}

export function LoginScreen({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [apiKey, setApiKey] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const config = useQuery(bffConfigQueryOptions);
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateApiKeyInput(apiKey);
    setFieldError(problem);
    if (problem) return;
    login.mutate({ api_key: apiKey.trim() }, { onSuccess: (session) => onSignedIn(session) });
  };

  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-indigo-700">
          <LogoMark className="h-7 w-7" />
          Sign in to Cutroom
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Paste a Video Creation Service API key. It stays on the Cutroom server; this browser never
          sees it again.
        </p>
        <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
          <TextField
            label="API key"
            type="password"
            name="api_key"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            error={fieldError}
          />
          {login.isError ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {loginErrorMessage(login.error)}
            </p>
          ) : null}
          <Button type="submit" disabled={login.isPending}>
            {login.isPending && login.variables && 'api_key' in login.variables
              ? 'Signing in…'
              : 'Sign in'}
          </Button>
        </form>
        {config.isPending ? (
          <p role="status" className="mt-6 text-sm text-slate-500">
            Checking for a demo workspace…
          </p>
        ) : config.isError ? (
          <p className="mt-6 text-sm text-slate-600">
            Could not ask the server whether a demo workspace is available; signing in with a key
            still works.{' '}
            <button type="button" className="underline" onClick={() => void config.refetch()}>
              Check again
            </button>
          </p>
        ) : config.data.demo_available ? (
          <div className="mt-6 border-t border-slate-200 pt-6">
            <p className="text-sm text-slate-600">
              {config.data.upstream === 'simulator'
                ? 'No service configured: Cutroom is running on its built-in simulator.'
                : 'This server has a workspace key configured.'}
            </p>
            <Button
              variant="secondary"
              className="mt-3 w-full"
              disabled={login.isPending}
              onClick={() =>
                login.mutate({ demo: true }, { onSuccess: (session) => onSignedIn(session) })
              }
            >
              Use demo workspace
            </Button>
          </div>
        ) : null}
      </div>
    </main>
  );
}
