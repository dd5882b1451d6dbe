// The operator's staff command (`npm run staff -- add|remove|list [EMAIL]`), run against the
// database by the command itself (PostgreSQL) or by the running server on its behalf (PGlite,
// over the local socket of src/server/staff-socket.ts). Adding and removing are audited.
import * as v from 'valibot';
import { emailSchema } from '@/domain/common';
import { OPERATOR_REASON } from '@/domain/team/audit';
import { addStaff, listStaff, removeStaff } from '../auth/staff';
import type { Db } from '../db/client';
import { recordAudit } from './audit.queries';

export const staffRequestSchema = v.variant('op', [
  v.object({ op: v.literal('list') }),
  v.object({
    op: v.picklist(['add', 'remove']),
    email: emailSchema('an e-mail address is required', 'not an e-mail address'),
  }),
]);
export type StaffRequest = v.InferOutput<typeof staffRequestSchema>;

export interface StaffAnswer {
  ok: boolean;
  message: string;
  staff?: string[];
}

export const OPERATOR = 'operator (npm run staff)';

export async function runStaffCommand(db: Db, raw: unknown, nowMs: number): Promise<StaffAnswer> {
  const parsed = v.safeParse(staffRequestSchema, raw);
  if (!parsed.success)
    return {
      ok: false,
      message: `Usage: npm run staff -- add|remove EMAIL, or list (${parsed.issues[0].message})`,
    };
  const req = parsed.output;
  if (req.op === 'list') {
    const staff = await listStaff(db);
    return { ok: true, message: staff.length ? staff.join('\n') : 'No staff added by command.', staff };
  }
  const email = req.email.toLowerCase();
  const changed = req.op === 'add' ? await addStaff(db, email, nowMs) : await removeStaff(db, email);
  if (!changed)
    return { ok: true, message: req.op === 'add' ? `${email} is already staff.` : `${email} was not staff.` };
  await recordAudit(
    db,
    {
      actorId: null,
      actorEmail: OPERATOR,
      action: `staff.${req.op}`,
      subjectId: null,
      subject: email,
      reason: OPERATOR_REASON,
    },
    nowMs,
  );
  return { ok: true, message: req.op === 'add' ? `${email} is now staff.` : `${email} is no longer staff.` };
}
