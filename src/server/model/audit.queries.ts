// The audit log (append-only: migration 0033's trigger refuses UPDATE, DELETE and TRUNCATE): one
// row per staff action, written in the action's own transaction, so an action and its record
// commit together or not at all.
import { and, desc, ilike, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { decodeCursor, encodeCursor, type Page } from './team.page';

export interface AuditEntry {
  actorId: string | null;
  actorEmail: string;
  action: string;
  subjectId: string | null;
  subject: string;
  reason: string;
}

export interface AuditRow extends AuditEntry {
  id: number;
  at: number;
}

export async function recordAudit(tx: Db | Tx, entry: AuditEntry, nowMs: number): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, at: new Date(nowMs) });
}

/** Newest first; `q` finds the start of an actor's or subject's words, or an action. */
export async function auditPage(db: Db, q: string, cursor: string, limit: number): Promise<Page<AuditRow>> {
  const key = decodeCursor(cursor);
  const like = `${q.replace(/[%_\\]/g, '\\$&')}%`;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        key ? lt(auditLog.id, Number(key[1])) : undefined,
        q
          ? or(ilike(auditLog.actorEmail, like), ilike(auditLog.subject, like), ilike(auditLog.action, like))
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map((r) => ({ ...r, at: r.at.getTime() })),
    next: more && last ? encodeCursor([last.at.getTime(), String(last.id)]) : null,
  };
}
