import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/workspace/components/settings-page.tsx';

export const Route = createFileRoute('/_app/settings/')({
  head: () => ({ meta: [{ title: 'Settings · Cutroom' }] }),
  component: SettingsPage,
});
