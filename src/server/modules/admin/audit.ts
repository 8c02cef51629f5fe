/**
 * The audit log of administrative writes: recorded in the same transaction as the write it describes
 * (so a write and its record stand or fall together), and listed for administrators, newest first,
 * searchable by action, subject or administrator.
 */
import { sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AuditEntry, type AuditResponse } from '../../../contracts/admin';
import { rowsOf, type Conn } from '../../db/client';
import type { Viewer } from '../../auth/viewer';

/** What an administrative write records. */
export interface AuditRecord {
  action: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  /** The subject's state before and after the write (plain JSON), null when not applicable. */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Who made a change: an administrator (their account), or a tool without one (userId null, e.g. COMMAND_LINE). */
export type AuditActor = { userId: string | null; username: string };

/** The actor of changes made with the command-line tools (`npm run import`, `npm run user:role`). */
export const COMMAND_LINE: AuditActor = { userId: null, username: 'command line' };

/**
 * Records one administrative write by `actor` (null: the platform itself, 'system'). Call it inside the
 * write's transaction.
 */
export async function recordAudit(conn: Conn, actor: Pick<Viewer, 'userId' | 'username'> | AuditActor | null, record: AuditRecord): Promise<void> {
  await conn.execute(sql`
    insert into audit_log (actor_id, actor_username, action, subject_type, subject_id, subject_label, before, after, reason)
    values (${actor?.userId ?? null}, ${actor?.username ?? 'system'}, ${record.action}, ${record.subjectType}, ${record.subjectId}, ${record.subjectLabel},
            ${record.before === undefined || record.before === null ? null : JSON.stringify(record.before)}::jsonb,
            ${record.after === undefined || record.after === null ? null : JSON.stringify(record.after)}::jsonb,
            ${record.reason ?? null})`);
}

/** One page (ADMIN_PAGE_SIZE) of the audit log, newest first, searched in action, subject, reason and administrator. */
export async function listAudit(db: Conn, query: { search?: string; page: number }): Promise<AuditResponse> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern
    ? sql`(action ilike ${pattern} or subject_label ilike ${pattern} or actor_username ilike ${pattern} or coalesce(reason, '') ilike ${pattern} or subject_id = ${query.search})`
    : sql`true`;
  const rows = rowsOf<{
    id: string; actor_username: string; action: string; subject_type: string; subject_id: string; subject_label: string;
    before: unknown; after: unknown; reason: string | null; created_at: string | Date;
  }>(await db.execute(sql`
    select id, actor_username, action, subject_type, subject_id, subject_label, before, after, reason, created_at
      from audit_log where ${where} order by created_at desc, id limit ${ADMIN_PAGE_SIZE} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_log where ${where}`));
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id, actor: row.actor_username, action: row.action, subjectType: row.subject_type, subjectId: row.subject_id,
    subjectLabel: row.subject_label, before: parseJson(row.before), after: parseJson(row.after), reason: row.reason,
    at: new Date(row.created_at).toISOString(),
  }));
  return { entries, total: Number(count?.n ?? 0), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** jsonb arrives parsed from node-postgres and as text from some drivers. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? null);
}
