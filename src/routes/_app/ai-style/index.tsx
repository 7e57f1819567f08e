import { createFileRoute } from '@tanstack/react-router';
import { captionLooksQueryOptions } from '@/api/caption-queries.ts';
import { aiEditRunsQueryOptions } from '@/features/ai-style/api/ai-style-queries.ts';
import { AiStylePage } from '@/features/ai-style/components/ai-style-page.tsx';

export const Route = createFileRoute('/_app/ai-style/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(captionLooksQueryOptions());
    return context.queryClient.ensureQueryData(aiEditRunsQueryOptions);
  },
  head: () => ({ meta: [{ title: 'AI edit style · Cutroom' }] }),
  component: AiStylePage,
});
