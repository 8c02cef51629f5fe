/**
 * Who may do what with a profile (specification section 6: "A user reads and updates only their own
 * profile"): reading, changing, the avatar's upload and removal and deleting the account are for the
 * profile's owner only; any signed-in person may see anyone's avatar (members see each other in
 * rankings).
 */
import type { Viewer } from '../../auth/viewer';
import { errors } from '../../errors';

/**
 * Checks that `userId` is the viewer's own profile.
 * @throws AppError 403 forbidden otherwise.
 */
export function requireOwnProfile(viewer: Viewer, userId: string): void {
  if (viewer.userId !== userId) throw errors.forbidden('You can only see and change your own profile.');
}
