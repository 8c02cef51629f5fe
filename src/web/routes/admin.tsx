/** Placeholder for /admin until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /admin (placeholder). */
export function AdminRoute() {
  return <Card><p>/admin</p></Card>;
}
