import { screen } from '@testing-library/react';
import texts from '#content/panel.json';
import type { ReviewStatement } from '#panel/lib/api-types.ts';
import { renderPanel, REVIEWER, type Route, type SentRequest } from '../../helpers';

// The statement page's tests (statement.test.tsx, statement-decision.test.tsx): one statement, s1, opened.

export const posts = (requests: SentRequest[]) =>
  requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);
export const reads = (requests: SentRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/review/statements/s1');

export function open(shown: ReviewStatement, session: object = REVIEWER, routes: Record<string, Route> = {}) {
  return renderPanel('/oswiadczenia/s1', {
    'GET /session': { body: session },
    'GET /review/statements/s1': { body: shown },
    ...routes,
  });
}

export const heading = () => screen.findByRole('heading', { level: 1, name: 'Oświadczenie K7M-4PQ-X2' });
export const decision = () => screen.getByRole('region', { name: texts.statement.decisionHeading });
