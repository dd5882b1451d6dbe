// The console's words for the server's codes (statuses, report reasons): the domain and the
// server keep codes; the console shows them in the active language. An unknown code shows as it is.
import type { AreaKeys, MessageKey, Translate } from '@/client/i18n/i18n';
import { failureText } from '@/client/i18n/refusals';
import { LOCALE } from '@/client/locale';
import { ApiError, isOffline } from '@/data';
import { formatFullDate } from '@/domain/format';
import { isAuditAction, OPERATOR_REASON, readAuditSubject } from '@/domain/team/audit';

type TeamKey = AreaKeys['team'];
/** The console's `t`: the shell's ids and the team's. */
export type TeamT = Translate<MessageKey | TeamKey>;

const BOOKING_STATUS: Record<string, TeamKey> = {
  pending: 'team.bookingStatus.pending',
  accepted: 'team.bookingStatus.accepted',
  rejected: 'team.bookingStatus.rejected',
  cancelled: 'team.bookingStatus.cancelled',
  completed: 'team.bookingStatus.completed',
  expired: 'team.bookingStatus.expired',
};

const COURIER_STATUS: Record<string, TeamKey> = {
  submitted: 'team.courierStatus.submitted',
  matched: 'team.courierStatus.matched',
  booked: 'team.courierStatus.booked',
  delivered: 'team.courierStatus.delivered',
  closed: 'team.courierStatus.closed',
};

const REPORT_STATUS: Record<string, TeamKey> = {
  open: 'team.status.open',
  dismissed: 'team.reports.status.dismissed',
  warned: 'team.reports.status.warned',
  suspended: 'team.reports.status.suspended',
};

/** Why a user reported someone (the codes of src/domain/team/reasons.ts). */
const REPORT_REASON: Record<string, TeamKey> = {
  spam: 'team.reason.spam',
  harassment: 'team.reason.harassment',
  scam: 'team.reason.scam',
  prohibited: 'team.reason.prohibited',
  'no-show': 'team.reason.no-show',
  other: 'team.reason.other',
};

const textOf =
  (table: Record<string, TeamKey>) =>
  (code: string, t: TeamT): string => {
    const key = Object.hasOwn(table, code) ? table[code] : undefined;
    return key ? t(key) : code;
  };

export const bookingStatusText = textOf(BOOKING_STATUS);
export const courierStatusText = textOf(COURIER_STATUS);
export const reportStatusText = textOf(REPORT_STATUS);
export const reportReasonText = textOf(REPORT_REASON);

/** An audit row's action ('user.suspend') in words; one the console does not know, as it is. */
export function auditActionText(action: string, t: TeamT): string {
  return isAuditAction(action) ? t(`team.audit.action.${action}`) : action;
}

/**
 * An audit row's subject in words, from the parts the server wrote it with (src/domain/team/audit.ts):
 * 'query from asha@example.com' reads 'asha@example.com का सवाल' in Hindi. Any other subject (an
 * address) as written.
 */
export function auditSubjectText(subject: string, t: TeamT): string {
  const read = readAuditSubject(subject);
  if (!read) return subject;
  const date = (d: string) => formatFullDate(d, LOCALE);
  switch (read.kind) {
    case 'query':
      return t('team.audit.subject.query', read.parts);
    case 'report':
      return t('team.audit.subject.report', {
        email: read.parts.email,
        reason: reportReasonText(read.parts.reason, t),
      });
    case 'searchers': {
      const { from, to, departure, count } = read.parts;
      return t('team.audit.subject.searchers', { from, to, date: date(departure), count: Number(count) });
    }
    case 'proposal': {
      const { email, flight, departure } = read.parts;
      return t('team.audit.subject.proposal', { email, flight, date: date(departure) });
    }
    case 'governmentId':
      return t('team.audit.subject.governmentId', read.parts);
    case 'dispute':
      return t('team.audit.subject.dispute', read.parts);
  }
}

/** An audit row's reason: what the staff member wrote, as written; the operator's command line's in words. */
export function auditReasonText(row: { actorId?: string | null; reason: string }, t: TeamT): string {
  return row.actorId === null && row.reason === OPERATOR_REASON
    ? t('team.audit.operatorCommand')
    : row.reason;
}

/** A failed call in words: offline or a refusal by its code, else `fallback` (never the server's message). */
export function teamFailure(err: unknown, fallback: TeamKey, t: TeamT): string {
  return err instanceof ApiError || isOffline(err) ? failureText(err, t) : t(fallback);
}
