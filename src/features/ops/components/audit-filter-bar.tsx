import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { FilterSheet } from '@/components/filter-sheet.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { auditFacetsQueryOptions } from '../api/audit-queries.ts';
import { isFiltered, rangeProblem } from '../model/audit-filters.ts';
import type { AuditOutcomeFilter, OpsSearch } from '../ops-search.ts';

const OUTCOME_WORDS: Record<AuditOutcomeFilter, string> = {
  succeeded: 'Done',
  dry_run: 'Dry run only',
  partial: 'Partly done',
  failed: 'Refused or failed',
};

/**
 * The trail's filters: a range of days, a person (by name), an action and an outcome, each kept
 * in the URL (a change goes back to the first page), and the CSV of what they select.
 */
export function AuditFilterBar({
  search,
  currentUserId,
  exportHref: csv,
}: {
  search: OpsSearch;
  currentUserId: string | undefined;
  exportHref: string;
}) {
  const navigate = useNavigate({ from: '/ops' });
  const facets = useQuery(auditFacetsQueryOptions);
  const set = (patch: Partial<OpsSearch>) =>
    void navigate({
      search: (previous) => ({ ...previous, ...patch, audit: 0, after: undefined }),
      resetScroll: false,
    });
  const people: Array<readonly [string, string]> = [
    ['', 'Everyone'],
    ...(facets.data?.people ?? []).map(
      (person) =>
        [
          person.user_id,
          person.user_id === currentUserId
            ? 'You'
            : (person.display_name ?? `A member without a name (${person.user_id})`),
        ] as const,
    ),
  ];
  if (search.who && !people.some(([id]) => id === search.who)) {
    people.push([search.who, search.who === currentUserId ? 'You' : 'Someone not in the log']);
  }
  const actions: Array<readonly [string, string]> = [
    ['', 'Every action'],
    ...(facets.data?.actions ?? []).map((action) => [action.action, action.label] as const),
  ];
  if (search.action && !actions.some(([id]) => id === search.action)) {
    actions.push([search.action, 'An action not in the log']);
  }
  const problem = rangeProblem(search.from, search.to);
  const summary = [
    search.from || search.to
      ? `${search.from ?? 'the start'} to ${search.to ?? 'today'}`
      : 'any day',
    people.find(([id]) => id === (search.who ?? ''))?.[1].toLowerCase() ?? '',
    actions.find(([id]) => id === (search.action ?? ''))?.[1].toLowerCase() ?? '',
    search.outcome ? OUTCOME_WORDS[search.outcome].toLowerCase() : 'any outcome',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="flex flex-col gap-2">
      <FilterSheet
        label="Audit filters"
        summary={summary}
        className="flex flex-wrap items-end gap-3"
      >
        <DateField label="From" value={search.from} onChange={(from) => set({ from })} />
        <DateField label="To" value={search.to} onChange={(to) => set({ to })} />
        <SelectField
          label="Person"
          value={search.who ?? ''}
          options={people}
          onChange={(who) => set({ who: who || undefined })}
        />
        <SelectField
          label="Action"
          value={search.action ?? ''}
          options={actions}
          onChange={(action) => set({ action: action || undefined })}
        />
        <SelectField<'' | AuditOutcomeFilter>
          label="Outcome"
          value={search.outcome ?? ''}
          options={[
            ['', 'Any outcome'],
            ...(Object.entries(OUTCOME_WORDS) as Array<[AuditOutcomeFilter, string]>),
          ]}
          onChange={(outcome) => set({ outcome: outcome || undefined })}
        />
      </FilterSheet>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {facets.isError ? (
        <p className="text-sm text-slate-600">
          The people and actions of the log could not be read: the filters offer what is in the
          address only.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <a href={csv} download className="font-medium text-indigo-700 underline">
          Export these entries as CSV
        </a>
        {isFiltered(search) ? (
          <Link to="/ops" search={{ runs: search.runs }} className="text-indigo-700 underline">
            Clear the filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}
