// The audit log's words as codes (docs/i18n.md). An audit row keeps its action as a code
// ('user.suspend') and its subject in English words (searchable: the console finds a row by the
// start of its subject): the subjects the server writes are made here from their parts, and read
// back into them here, so the console words them in its language ('{email} का सवाल'). A subject
// that is not one of these (an address: whom a user action was done to) is shown as written, and
// so is every reason but the operator's command line's.

/** Every action the server records (the console words each as `team.audit.action.<action>`). */
export const AUDIT_ACTIONS = [
  'query.reply',
  'user.suspend',
  'user.restore',
  'report.dismiss',
  'report.warn',
  'report.suspend',
  'searches.contact',
  'courier.propose',
  'courier.reveal-id',
  'dispute.resolve',
  'staff.add',
  'staff.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** The reason the operator's command line (npm run staff) records. */
export const OPERATOR_REASON = 'operator command';

interface SubjectParts {
  query: { email: string };
  report: { reason: string; email: string };
  searchers: { from: string; to: string; departure: string; count: string };
  proposal: { email: string; flight: string; departure: string };
  governmentId: { email: string };
  dispute: { booking: string; traveller: string; carrier: string };
}
export type AuditSubjectKind = keyof SubjectParts;

const WRITE: { [K in AuditSubjectKind]: (p: SubjectParts[K]) => string } = {
  query: (p) => `query from ${p.email}`,
  report: (p) => `report ${p.reason} on ${p.email}`,
  searchers: (p) => `${p.from}-${p.to} ${p.departure} (${p.count} searchers)`,
  proposal: (p) => `courier request of ${p.email}: listing ${p.flight} ${p.departure}`,
  governmentId: (p) => `Government ID of ${p.email}'s courier request`,
  dispute: (p) => `payment dispute on booking ${p.booking} (${p.traveller} paying ${p.carrier})`,
};

/** Each written subject read back: the same words, their parts named. */
const READ: Record<AuditSubjectKind, RegExp> = {
  query: /^query from (?<email>\S+)$/,
  report: /^report (?<reason>\S+) on (?<email>\S+)$/,
  searchers:
    /^(?<from>[A-Z0-9]{3})-(?<to>[A-Z0-9]{3}) (?<departure>\d{4}-\d{2}-\d{2}) \((?<count>\d+) searchers\)$/,
  proposal: /^courier request of (?<email>\S+): listing (?<flight>\S+) (?<departure>\d{4}-\d{2}-\d{2})$/,
  governmentId: /^Government ID of (?<email>\S+)'s courier request$/,
  dispute: /^payment dispute on booking (?<booking>\S+) \((?<traveller>\S+) paying (?<carrier>\S+)\)$/,
};

/** A subject as the audit row stores it: 'query from asha@example.com'. */
export function auditSubject<K extends AuditSubjectKind>(kind: K, parts: SubjectParts[K]): string {
  return WRITE[kind](parts);
}

export type ReadSubject = { [K in AuditSubjectKind]: { kind: K; parts: SubjectParts[K] } }[AuditSubjectKind];

/** A stored subject's kind and parts, or null for one the server writes as it is (an address). */
export function readAuditSubject(subject: string): ReadSubject | null {
  for (const kind of Object.keys(READ) as AuditSubjectKind[]) {
    const groups = READ[kind].exec(subject)?.groups;
    if (groups) return { kind, parts: { ...groups } } as ReadSubject;
  }
  return null;
}
