// The audit log's subjects: what the server writes reads back into its parts (the console words
// them in its language), and anything else (an address) is left as written.
import { describe, expect, it } from 'vitest';
import { auditSubject, readAuditSubject } from '@/domain/team/audit';

describe('audit subjects', () => {
  it('reads back every subject the server writes', () => {
    const written = [
      { kind: 'query', parts: { email: 'ravi@example.com' } },
      { kind: 'report', parts: { reason: 'no-show', email: 'rogue@example.com' } },
      { kind: 'searchers', parts: { from: 'DEL', to: 'BOM', departure: '2099-05-01', count: '3' } },
      { kind: 'proposal', parts: { email: 'asha@example.com', flight: 'AI883', departure: '2099-12-22' } },
      { kind: 'governmentId', parts: { email: "o'neil@example.com" } },
      {
        kind: 'dispute',
        parts: { booking: 'b1234567-0000', traveller: 'asha@example.com', carrier: 'meera@example.com' },
      },
    ] as const;
    for (const subject of written) {
      // biome-ignore lint/suspicious/noExplicitAny: each entry's parts are its kind's.
      expect(readAuditSubject(auditSubject(subject.kind, subject.parts as any))).toEqual(subject);
    }
  });

  it('leaves an address or an unknown subject as written', () => {
    expect(readAuditSubject('rogue@example.com')).toBeNull();
    expect(readAuditSubject('query from two people')).toBeNull();
  });
});
