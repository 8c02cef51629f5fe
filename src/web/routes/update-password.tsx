/** Placeholder for /update-password until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /update-password (placeholder). */
export function UpdatePasswordRoute() {
  return <Card><p>/update-password</p></Card>;
}
