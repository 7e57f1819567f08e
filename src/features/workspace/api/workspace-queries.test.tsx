/** Every workspace write (webhooks, onboarding) survives a 429. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import type {
  LogoImportResult,
  OnboardingState,
  Webhook,
  WebsiteScanResult,
} from '@/api/schema.gen.ts';
import { queryClientWrapper, refusedOnceThen } from '@/test/throttled-write.tsx';
import {
  useCompleteOnboarding,
  useCreateWebhook,
  useDeleteWebhook,
  useImportLogo,
  useScanWebsite,
} from './workspace-queries.ts';
import { setupTestServer } from '@/test/msw-server.ts';

const server = setupTestServer();

const at = '2026-11-23T22:00:00.000Z';
const webhook: Webhook = {
  id: 'wh_1',
  url: 'https://example.com/hook',
  events: ['export.ready'],
  created_at: at,
};
const scan: WebsiteScanResult = {
  url: 'https://example.com',
  brand_name: 'Example',
  colors: [],
  fonts: [],
  logo_candidates: [],
  scanned_at: at,
};
const logo: LogoImportResult = { asset_id: 'a1', name: 'Logo', url: 'https://example.com/l.svg' };
const state: OnboardingState = { status: 'complete', brand_context: null, completed_at: at };

/** Each write: its request, how a test sends it, and a success answer. */
const writes = [
  {
    name: 'registering a webhook',
    method: 'post' as const,
    path: '/webhooks',
    answer: () => HttpResponse.json(webhook, { status: 201 }),
    run: () => {
      const hook = renderHook(() => useCreateWebhook(), { wrapper: queryClientWrapper() });
      act(() => hook.result.current.mutate({ url: webhook.url, events: ['export.ready'] }));
      return hook;
    },
  },
  {
    name: 'deleting a webhook',
    method: 'delete' as const,
    path: '/webhooks/:webhookId',
    answer: () => HttpResponse.json({ deleted: true, id: 'wh_1' }),
    run: () => {
      const hook = renderHook(() => useDeleteWebhook(), { wrapper: queryClientWrapper() });
      act(() => hook.result.current.mutate('wh_1'));
      return hook;
    },
  },
  {
    name: 'scanning a website',
    method: 'post' as const,
    path: '/onboarding/website-scan',
    answer: () => HttpResponse.json(scan),
    run: () => {
      const hook = renderHook(() => useScanWebsite(), { wrapper: queryClientWrapper() });
      act(() => hook.result.current.mutate('https://example.com'));
      return hook;
    },
  },
  {
    name: 'importing a logo',
    method: 'post' as const,
    path: '/onboarding/logo-import',
    answer: () => HttpResponse.json(logo),
    run: () => {
      const hook = renderHook(() => useImportLogo(), { wrapper: queryClientWrapper() });
      act(() => hook.result.current.mutate(logo.url));
      return hook;
    },
  },
  {
    name: 'completing onboarding',
    method: 'post' as const,
    path: '/onboarding/complete',
    answer: () => HttpResponse.json(state),
    run: () => {
      const hook = renderHook(() => useCompleteOnboarding(), { wrapper: queryClientWrapper() });
      act(() =>
        hook.result.current.mutate({
          brand_name: 'Example',
          colors: [],
          fonts: [],
          caption_defaults: {
            look_id: 'clean-minimal',
            font_family: 'Inter',
            color: '#FFFFFF',
            active_word_color: '#FFCC00',
            position: 'bottom',
          },
        }),
      );
      return hook;
    },
  },
];

describe('workspace writes', () => {
  it.each(writes)('$name is sent again after a 429', async (write) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { handler, calls } = refusedOnceThen(
      write.method,
      `${API_BASE_URL}${write.path}`,
      write.answer,
    );
    server.use(handler);
    const { result } = write.run();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.count).toBe(2);
  });
});
