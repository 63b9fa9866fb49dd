import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { StaffMail } from '../staff/people';
import type { StaffSession } from '../staff/sessions';
import type { PanelSettings } from '../staff/settings';
import type { routesOn } from './route';

/** What the panel's handlers share: the app's storage and clocks, the panel's settings, its route helper. */
export interface PanelContext {
  deps: AppDeps;
  settings: PanelSettings;
  route: ReturnType<typeof routesOn>;
  ceremony: { storage: AppDeps['storage']; clock: AppDeps['clock']; settings: PanelSettings };
  staffMail: StaffMail;
}

/** The session of a call that needs one: set by the panel's hook before any handler runs. */
export const signedIn = (request: FastifyRequest): StaffSession => request.staff!;
