/**
 * Group administration: edit, (de)activate, regenerate the invite code, reset predictions,
 * member cap, roles, removal, ownership transfer, leaving and deleting. Every check is on the server.
 */
import { z } from 'zod';
import { groupColor } from './group-colors';
import { instant, uuidParam } from './common';

export const updateGroupRequest = z
  .object({
    name: z.string().trim().min(3).max(60),
    description: z.string().trim().max(500).nullable(),
    color: groupColor,
    visibility: z.enum(['public', 'private']),
    /** Most members the group takes; null removes the cap. Never below the current member count. */
    memberCap: z.number().int().min(2).max(100_000).nullable(),
    status: z.enum(['active', 'deactivated']),
    /** The group's wall on or off (off: its posts are kept, neither shown nor taken). */
    wallEnabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateGroupRequest = z.input<typeof updateGroupRequest>;

/** A typed confirmation: the group's exact name (for reset and delete). */
export const confirmRequest = z.object({ confirm: z.string().max(200) });

export const memberParams = z.object({ groupId: uuidParam, userId: z.string().min(1).max(64) });
export const memberRoleRequest = z.object({ role: z.enum(['admin', 'member']) });
export const transferRequest = z.object({ userId: z.string().min(1).max(64) });

export const member = z.object({
  userId: z.string(),
  username: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  joinedAt: instant,
});
export const membersResponse = z.object({ members: z.array(member) });

export const activityResponse = z.object({
  activity: z.array(z.object({
    action: z.string(),
    actor: z.string().nullable(),
    /** The username of the member the action concerned, when there is one. */
    subject: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    createdAt: instant,
  })),
});
