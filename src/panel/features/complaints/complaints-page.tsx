import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { complaintAddCall, complaintsCall } from '#shared/panel-api/complaint-calls.ts';
import { errorText, request } from '../../lib/api';
import { fill, texts } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { TableScroll } from '../../components/table-scroll';

export const COMPLAINTS_KEY = ['complaints'] as const;
const t = texts.complaints;

/** What the list says of a complaint's clock: days left, or overdue; cut short; sent late. */
export function clockWords(line: { daysLeft: number; shortened: boolean; late: boolean }): string {
  const days = line.daysLeft < 0 ? fill(t.overdue, { days: -line.daysLeft }) : String(line.daysLeft);
  return [days, line.shortened ? t.shortened : '', line.late ? t.late : ''].filter(Boolean).join('; ');
}

/**
 * /panel/reklamacje (complaints): the unanswered complaints by deadline, overdue ones marked, and 'Dodaj
 * reklamację' for one that came by post. docs/decisions/complaints.md#desk
 */
export function ComplaintsPage() {
  const list = useQuery({ queryKey: COMPLAINTS_KEY, queryFn: () => request(complaintsCall) });
  const items = list.data?.items ?? [];
  return (
    <Page title={t.title}>
      <QueryState query={list} />
      {list.data ? (
        items.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <TableScroll label={t.listCaption}>
            <table className="complaints-list">
              <caption>{t.listCaption}</caption>
              <thead>
                <tr>
                  {(['reference', 'channel', 'receivedOn', 'deadline', 'daysLeft', 'state'] as const).map(
                    (column) => (
                      <th scope="col" key={column}>
                        {t.columns[column]}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {items.map((line) => (
                  <tr key={line.id} className={line.daysLeft < 0 ? 'overdue' : undefined}>
                    <th scope="row">
                      <Link to={`/reklamacje/${line.id}`}>{line.reference}</Link>
                    </th>
                    <td>{t.channels[line.channel]}</td>
                    <td>{line.receivedOn}</td>
                    <td>{line.deadline}</td>
                    <td>{line.daysLeft < 0 ? <strong>{clockWords(line)}</strong> : clockWords(line)}</td>
                    <td>{t.states[line.state]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )
      ) : null}
      <AddComplaint />
    </Page>
  );
}

const TEXT_FIELDS = ['name', 'surName', 'email', 'code', 'eventDate'] as const;
const ADDRESS_FIELDS = ['street', 'houseNumber', 'apartmentNumber', 'postalCode', 'city'] as const;

/** 'Dodaj reklamację': a letter typed in; the server checks it as it checks the public form. */
function AddComplaint() {
  const client = useQueryClient();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const add = useMutation({
    mutationFn: (form: FormData) => {
      const value = (name: string) => String(form.get(name) ?? '').trim();
      return request(complaintAddCall, {
        body: {
          receivedOn: value('receivedOn'),
          postmarkedOn: value('postmarkedOn') || null,
          complaint: {
            name: value('name'),
            surName: value('surName'),
            address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, value(field)])),
            email: value('email'),
            code: value('code') || null,
            eventDate: value('eventDate'),
            description: value('description'),
            demand: value('demand'),
            personalDataClause: form.get('consent') === 'on',
          },
        },
      });
    },
    onMutate: () => setSaid(undefined),
    onSuccess: ({ reference, deadline }) => {
      setSaid({ ok: true, text: fill(t.add.added, { reference, deadline }) });
      return client.invalidateQueries({ queryKey: COMPLAINTS_KEY });
    },
    onError: (error) => setSaid({ ok: false, text: errorText(error) }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(new FormData(form), { onSuccess: () => form.reset() });
  };
  const field = (name: string, label: string, type = 'text') => (
    <p key={name}>
      <label htmlFor={`complaint-${name}`}>{label}</label>
      <input id={`complaint-${name}`} name={name} type={type} />
    </p>
  );
  return (
    <section aria-labelledby="complaint-add">
      <h2 id="complaint-add">{t.add.title}</h2>
      <p className="hint">{t.add.intro}</p>
      <form onSubmit={submit} noValidate>
        {field('receivedOn', t.add.receivedOn)}
        {field('postmarkedOn', t.add.postmarkedOn)}
        {TEXT_FIELDS.map((name) => field(name, t.add[name], name === 'email' ? 'email' : 'text'))}
        {ADDRESS_FIELDS.map((name) => field(name, t.add[name]))}
        {(['description', 'demand'] as const).map((name) => (
          <p key={name}>
            <label htmlFor={`complaint-${name}`}>{t.add[name]}</label>
            <textarea id={`complaint-${name}`} name={name} rows={4} />
          </p>
        ))}
        <p>
          <input id="complaint-consent" name="consent" type="checkbox" />
          <label htmlFor="complaint-consent">{t.add.consent}</label>
        </p>
        <button type="submit" disabled={add.isPending}>
          {t.add.button}
        </button>
      </form>
      <LiveStatus message={said?.ok ? said.text : undefined} />
      <LiveAlert message={said && !said.ok ? said.text : undefined} />
    </section>
  );
}
