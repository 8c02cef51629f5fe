/** `useMe()`: the signed-in, confirmed person as most screens need them. */
import { useAuth } from '../auth-provider';
import type { Profile } from './my-profile';

/**
 * The signed-in, confirmed person (`data`), null when there is none, undefined while the app does not
 * know yet (`isPending`).
 */
export function useMe(): { data: Profile | null | undefined; isPending: boolean } {
  const auth = useAuth();
  if (!auth.authReady) return { data: undefined, isPending: true };
  return { data: auth.authenticated ? auth.profile : null, isPending: false };
}
