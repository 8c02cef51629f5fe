/**
 * Setting a person's platform role ('Regular User' or 'Platform Administrator') by their account's
 * email, as `npm run user:role` does (src/cli/user-role.ts). ADMIN_EMAILS also promotes, at start.
 */
import { eq, sql } from 'drizzle-orm';
import { platformRole } from '../../../contracts/me';
import type { Db } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { COMMAND_LINE, recordAudit, type AuditActor } from '../admin/audit';

/** A platform role. */
export type PlatformRole = (typeof platformRole.options)[number];

/** A refusal worth one clear line to a person at a terminal (unknown email or role). */
export class PlatformRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlatformRoleError';
  }
}

/**
 * The role a typed name means, ignoring case and surrounding spaces ("platform administrator" →
 * 'Platform Administrator').
 * @throws PlatformRoleError for any other name.
 */
export function parsePlatformRole(text: string): PlatformRole {
  const role = platformRole.options.find((option) => option.toLowerCase() === text.trim().toLowerCase());
  if (!role) throw new PlatformRoleError(`Unknown role "${text}": use "Regular User" or "Platform Administrator".`);
  return role;
}

/**
 * Gives the account of `email` (compared case-insensitively) the role `role`; sets updated_at when it
 * changes, and records the change in the audit log as made by `actor` (the command line by default).
 * @returns the account's email as stored, the role before and after.
 * @throws PlatformRoleError when no account has this email.
 */
export async function setPlatformRole(db: Db, email: string, role: PlatformRole, actor: AuditActor = COMMAND_LINE): Promise<{ email: string; previous: PlatformRole; role: PlatformRole }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: user.id, email: user.email, role: profiles.role, username: profiles.username })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!row) throw new PlatformRoleError(`No account has the email ${email.trim()}.`);
    if (row.role !== role) {
      await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.userId, row.userId));
      await recordAudit(tx, actor, { action: 'user.update', subjectType: 'user', subjectId: row.userId, subjectLabel: row.username, before: { role: row.role }, after: { role } });
    }
    return { email: row.email, previous: row.role, role };
  });
}
