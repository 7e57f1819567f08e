import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { onboardingQueryOptions } from '@/api/brand-context.ts';
import { creditsQueryOptions } from '@/api/credits.ts';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { authValidationQueryOptions, serviceInfoQueryOptions } from '../api/workspace-queries.ts';
import { WebhooksSection } from './webhooks-section.tsx';

const number = new Intl.NumberFormat('en');

/**
 * The key's workspace, the service version, credits, brand setup and webhooks; `personal` is the
 * signed-in person's own settings (another feature's, composed by the route).
 */
export function SettingsPage({ personal }: { personal?: ReactNode } = {}) {
  const auth = useQuery(authValidationQueryOptions);
  const info = useQuery(serviceInfoQueryOptions);
  const credits = useQuery(creditsQueryOptions);
  const onboarding = useQuery(onboardingQueryOptions);
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">Workspace settings</h1>
      <section aria-labelledby="workspace-heading">
        <h2 id="workspace-heading" className="mb-3 text-lg font-semibold">
          Workspace and key
        </h2>
        {auth.isPending ? (
          <LoadingState label="Checking the key…" />
        ) : auth.isError ? (
          <ErrorState error={auth.error} onRetry={() => void auth.refetch()} />
        ) : (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-2">
            <Field label="Organization" value={auth.data.organization_id} />
            <Field label="User" value={auth.data.user_id} />
            <Field label="Plan" value={auth.data.plan} />
            <Field label="Environment" value={auth.data.environment} />
            <Field label="Key prefix" value={<code>{auth.data.key_prefix}…</code>} />
            <Field
              label="Service version"
              value={
                info.isPending
                  ? 'Loading…'
                  : info.isError
                    ? 'Unavailable'
                    : `${info.data.version} (${info.data.status})`
              }
            />
            <Field
              label="Documentation"
              value={
                <a className="text-indigo-700 underline" href={auth.data.docs_url}>
                  API documentation
                </a>
              }
            />
            <Field
              label="OpenAPI"
              value={
                <a className="text-indigo-700 underline" href={auth.data.openapi_url}>
                  Machine-readable description
                </a>
              }
            />
          </dl>
        )}
      </section>

      {personal}

      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading" className="mb-3 text-lg font-semibold">
          Credits
        </h2>
        {credits.isPending ? (
          <LoadingState label="Loading credits…" />
        ) : credits.isError ? (
          <ErrorState error={credits.error} onRetry={() => void credits.refetch()} />
        ) : (
          <p className="rounded-lg border border-slate-200 bg-white p-6">
            <strong className="text-2xl">{number.format(credits.data.balance)}</strong>{' '}
            {credits.data.unit} left on the {credits.data.plan} plan, until{' '}
            {formatDateTime(credits.data.period_end)}. Exports, plan approvals, revisions and AI
            styles spend credits; each asks first.
          </p>
        )}
      </section>

      <section aria-labelledby="brand-heading">
        <h2 id="brand-heading" className="mb-3 text-lg font-semibold">
          Brand
        </h2>
        {onboarding.isPending ? (
          <LoadingState label="Loading the brand…" />
        ) : onboarding.isError ? (
          <ErrorState error={onboarding.error} onRetry={() => void onboarding.refetch()} />
        ) : onboarding.data.brand_context ? (
          <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-6">
            <span className="font-medium">{onboarding.data.brand_context.brand_name}</span>
            <ul aria-label="Brand colours" className="flex gap-2">
              {onboarding.data.brand_context.colors.map((color) => (
                <li key={color.hex + color.name} className="flex items-center gap-1 text-xs">
                  <span
                    aria-hidden="true"
                    className="h-5 w-5 rounded border border-slate-300"
                    style={{ backgroundColor: color.hex }}
                  />
                  {color.name} {color.hex}
                </li>
              ))}
            </ul>
            <Link to="/onboarding" className="ml-auto text-indigo-700 underline">
              Change brand setup
            </Link>
          </div>
        ) : (
          <p className="rounded-lg border border-slate-200 bg-white p-6">
            No brand set up yet.{' '}
            <Link to="/onboarding" className="font-medium text-indigo-700 underline">
              Set up your brand
            </Link>{' '}
            so captions and titles start in your colours.
          </p>
        )}
      </section>

      {auth.data ? <WebhooksSection organizationId={auth.data.organization_id} /> : null}
    </div>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
