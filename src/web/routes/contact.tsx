/** Placeholder for /contact until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /contact (placeholder). */
export function ContactRoute() {
  return <Card><p>/contact</p></Card>;
}
