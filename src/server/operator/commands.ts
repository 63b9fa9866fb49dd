import type { Command } from './command';
import { complaintAdd, complaintsStatusCommand, exportComplaints } from './commands/complaints';
import { exportOptouts } from './commands/export-optouts';
import { exportRegister } from './commands/export-register';
import { exportStatements } from './commands/export-statements';
import { importShipments } from './commands/import-shipments';
import { importWinners } from './commands/import-winners';
import { issueStatus } from './commands/issue-status';
import { issueOptout } from './commands/issue-optout';
import { mailRetry } from './commands/mail-retry';
import { mailStatus } from './commands/mail-status';
import { mailbox } from './commands/mailbox';
import { staffInvite } from './commands/staff-invite';
import { staffReset } from './commands/staff-reset';
import { auditVerify } from './commands/audit-verify';
import {
  purgeStatements,
  retentionHold,
  retentionPlanCommand,
  retentionRelease,
  retentionRun,
} from './commands/retention';
import { reissueLink } from './commands/reissue-link';
import { reopenClaim } from './commands/reopen-claim';
import { status } from './commands/status';
import { taxReport } from './commands/tax-report';

/** The operator's commands, in the order the usage lists them (the registry: one file per command). */
export const COMMANDS: readonly Command[] = [
  importWinners,
  reissueLink,
  reopenClaim,
  issueOptout,
  exportStatements,
  exportOptouts,
  status,
  purgeStatements,
  mailStatus,
  mailRetry,
  mailbox,
  staffInvite,
  staffReset,
  auditVerify,
  complaintAdd,
  complaintsStatusCommand,
  exportComplaints,
  importShipments,
  issueStatus,
  exportRegister,
  taxReport,
  retentionPlanCommand,
  retentionRun,
  retentionHold,
  retentionRelease,
];
