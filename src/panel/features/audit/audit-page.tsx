import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '#shared/panel-api/call.ts';
import { auditCall } from '#shared/panel-api/team-calls.ts';
import { request } from '../../lib/api';
import type { AuditEntry } from '../../lib/api-types';
import { actionName, fill, texts } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { ColumnTable } from '../../components/table-scroll';
import { actorText, detailLines, reasonText, subjectText } from './audit-words';

type AuditNames = Parameters<typeof subjectText>[1];

const FILTERS = ['reference', 'action', 'actor', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

/** The calls' filters, as the page's own address keeps them (a reload or a shared link shows the same). */
function auditQuery(params: URLSearchParams): QueryOf<typeof auditCall> {
  const query: QueryOf<typeof auditCall> = {};
  for (const name of [...FILTERS, 'before'] as const) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  return query;
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const id = useId();
  const [filters, setFilters] = useState(initial);
  const field = (name: Filter) => ({
    id: `${id}-${name}`,
    name,
    value: filters[name],
    onChange: (event: { target: { value: string } }) =>
      setFilters((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  return (
    <form className="form form--filters" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{texts.audit.filtersHeading}</h2>
      <div className="field">
        <label htmlFor={`${id}-reference`}>{texts.audit.reference}</label>
        <input type="text" autoComplete="off" spellCheck={false} {...field('reference')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-action`}>{texts.audit.action}</label>
        <select {...field('action')}>
          <option value="">{texts.audit.anyAction}</option>
          {Object.entries(texts.audit.actions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-actor`}>{texts.audit.actor}</label>
        <input type="text" autoComplete="off" {...field('actor')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{texts.audit.from}</label>
        <input type="date" {...field('from')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{texts.audit.to}</label>
        <input type="date" {...field('to')} />
      </div>
      <div className="form__actions">
        <button type="submit" className="button">
          {texts.audit.apply}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => onApply({ reference: '', action: '', actor: '', from: '', to: '' })}
        >
          {texts.audit.clear}
        </button>
      </div>
    </form>
  );
}

function EntryRow({ entry, names }: { entry: AuditEntry; names: AuditNames }) {
  const details = detailLines(entry, names);
  return (
    <tr>
      <td className="number">{entry.seq}</td>
      <td>{formatInstant(entry.at)}</td>
      <td>{actorText(entry.actor, names)}</td>
      <td>{actionName(entry.action)}</td>
      <td>{subjectText(entry.subject, names)}</td>
      <td>{reasonText(entry)}</td>
      <td className="details">
        {details.length === 0 ? (
          texts.empty
        ) : (
          <ul>
            {details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** /panel/dziennik (auditor): the audit trail, newest first, 50 a page, older ones by `before` = `next`. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const query = auditQuery(params);
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: () => request(auditCall, { query }),
    placeholderData: keepPreviousData,
  });
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  // New filters start from the newest entries again: `before` belongs to the filters it was paged with.
  const apply = (chosen: Filters) =>
    setParams(new URLSearchParams(Object.entries(chosen).filter(([, value]) => value.trim() !== '')));
  const older = (next: number | string) => {
    const moved = new URLSearchParams(params);
    moved.set('before', String(next));
    setParams(moved);
  };
  const newest = () => {
    const moved = new URLSearchParams(params);
    moved.delete('before');
    setParams(moved);
  };
  const columns = texts.audit.columns;
  const data = audit.data;
  const next = data?.next;

  return (
    <Page title={texts.audit.title}>
      <FilterForm key={FILTERS.map((name) => filters[name]).join('\n')} initial={filters} onApply={apply} />
      <QueryState query={audit} />
      <LiveStatus
        message={
          data && !audit.isPlaceholderData
            ? fill(texts.audit.shown, { count: data.entries.length })
            : undefined
        }
      />
      {data && data.entries.length === 0 ? <p>{texts.audit.none}</p> : null}
      {data && data.entries.length > 0 ? (
        <ColumnTable caption={texts.audit.caption} columns={Object.values(columns)} className="audit">
          {data.entries.map((entry) => (
            <EntryRow key={entry.seq} entry={entry} names={{ ...data, people: data.people ?? {} }} />
          ))}
        </ColumnTable>
      ) : null}
      <div className="pager">
        {params.has('before') ? (
          <button type="button" className="button button--quiet" onClick={newest}>
            {texts.audit.newest}
          </button>
        ) : null}
        {next !== undefined && next !== null ? (
          <button
            type="button"
            className="button"
            aria-disabled={audit.isPlaceholderData}
            onClick={() => {
              if (!audit.isPlaceholderData) older(next);
            }}
          >
            {texts.audit.older}
          </button>
        ) : null}
      </div>
    </Page>
  );
}
