import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Access } from '#shared/panel-api/access.ts';
import { PANEL_API, type PanelCall } from '#shared/panel-api/call.ts';
import { PANEL_CALLS } from '#shared/panel-api/calls.ts';
import { REVIEW_ACTIONS, REVIEW_TRANSITIONS, rolesFor } from '#shared/review-states.ts';
import * as review from '#shared/panel-api/review-calls.ts';

// docs/decisions/panel-api.md: docs/api.md's table of the panel's calls is held to their one declaration.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiDoc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');

interface DocRow {
  call: string;
  roles: string;
  body: string[] | undefined;
}

/** The rows of the "Staff panel" table: `METHOD /panel/api/path` (`<id>` for a part), roles, body keys. */
function docRows(): DocRow[] {
  const section = apiDoc.split(/^## Staff panel$/m)[1]!.split(/^## /m)[0]!;
  return [
    ...section.matchAll(/^\| `(GET|POST|PUT|DELETE) ([^`?]+)[^`]*`( `\{[^`]*\}`)?[^|]*\| ([^|]+)\|/gm),
  ].map(([, method, url, body, roles]) => ({
    call: `${method} ${url!.replace(/<(\w+)>/g, ':id')}`,
    roles: roles!.trim(),
    // `{"outcome":"accept"|"reject","reason"?}`: the keys follow `{` or `,`; `?` marks an optional one.
    body:
      body === undefined
        ? undefined
        : [...body.matchAll(/(?<=[{,])"(\w+)"(\?)?/g)].map(([, key, optional]) => `${key}${optional ?? ''}`),
  }));
}

const callName = (call: PanelCall) => `${call.method} ${PANEL_API}${call.path}`;

/** The roles column's words for an access. */
const rolesWords = (access: Access) =>
  access === 'public' ? 'none' : access === 'signed-in' ? 'any' : access.join(', ');

/** The body keys as the table writes them: required ones plain, optional ones with `?`. */
function bodyKeys(call: PanelCall): string[] {
  const body = call.body as
    { properties?: Record<string, unknown>; required?: readonly string[] } | undefined;
  return Object.keys(body?.properties ?? {}).map((key) => (body?.required?.includes(key) ? key : `${key}?`));
}

describe('the panel calls declaration', () => {
  const rows = docRows();

  it('lists in docs/api.md every declared call, with its roles, and no call it does not declare', () => {
    expect(rows.map((row) => row.call).sort()).toEqual(PANEL_CALLS.map(callName).sort());
    for (const call of PANEL_CALLS) {
      const row = rows.find((line) => line.call === callName(call))!;
      // "none (the invitation)" is still none.
      expect(row.roles.split(' (')[0], callName(call)).toBe(rolesWords(call.access));
    }
  });

  it("names in docs/api.md each body's properties as declared, the optional ones marked", () => {
    for (const row of rows.filter((line) => line.body !== undefined && line.body.length > 0)) {
      const call = PANEL_CALLS.find((declared) => callName(declared) === row.call)!;
      // The doc marks as optional what a person may leave out; the schema leaves more to the domain's
      // own messages (a missing reason is "pick a reason", not a malformed request).
      expect(
        bodyKeys(call)
          .map((key) => key.replace('?', ''))
          .sort(),
        row.call,
      ).toEqual(row.body!.map((key) => key.replace('?', '')).sort());
    }
  });

  it('declares every call once, each state-changing one with a body, each with its access', () => {
    expect(new Set(PANEL_CALLS.map(callName)).size).toBe(PANEL_CALLS.length);
    for (const call of PANEL_CALLS) {
      if (call.method !== 'GET') expect(call.body, callName(call)).toBeDefined();
      expect(call.access, callName(call)).toBeDefined();
    }
  });

  it("gives the review calls the roles of the review's transitions", () => {
    expect(review.takeCall.access).toEqual(REVIEW_TRANSITIONS.take.roles);
    expect(review.approvalCall.access).toEqual(rolesFor('approve', 'send-back'));
    expect(review.statementCall.access).toEqual(['reviewer', 'approver']);
    expect(review.reserveCall.access).toEqual(['approver']);
    // Each action of a statement's `actions` is one the reply's schema allows.
    expect(review.STATEMENT.properties.actions.items.enum).toEqual(REVIEW_ACTIONS);
  });
});
