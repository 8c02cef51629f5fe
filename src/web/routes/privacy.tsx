/** Placeholder for /privacy until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /privacy (placeholder). */
export function PrivacyRoute() {
  return <Card><p>/privacy</p></Card>;
}
