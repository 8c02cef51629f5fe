/** Addresses of the administrators' people pages. */
import { paths } from '../../../config/paths';

/** The admin page of a person. */
export function adminUserPath(userId: string): string {
  return `${paths.admin}/users/${encodeURIComponent(userId)}`;
}

/** The admin page of a group. */
export function adminGroupPath(groupId: string): string {
  return `${paths.admin}/groups/${groupId}`;
}
