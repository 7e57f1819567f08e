import { createFileRoute } from '@tanstack/react-router';
import { DisplayNameSettings } from '@/features/review-notes/components/display-name.tsx';
import { SettingsPage } from '@/features/workspace/components/settings-page.tsx';

export const Route = createFileRoute('/_app/settings/')({
  head: () => ({ meta: [{ title: 'Settings · Cutroom' }] }),
  component: SettingsRoute,
});

/** The workspace's settings, with the person's own name (the notes feature's) among them. */
function SettingsRoute() {
  return <SettingsPage personal={<DisplayNameSettings />} />;
}
