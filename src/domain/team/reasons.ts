// Why a user reports someone (issue 30): the list a report form offers, beside its own words.
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hateful words',
  scam: 'Scam or asking for payment outside Carry',
  prohibited: 'Asking to carry something forbidden',
  'no-show': 'Did not show up',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];
