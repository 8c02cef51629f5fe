/** Placeholder for /profile until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /profile (placeholder). */
export function ProfileRoute() {
  return <Card><p>/profile</p></Card>;
}
