/** Placeholder for /faq until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /faq (placeholder). */
export function FaqRoute() {
  return <Card><p>/faq</p></Card>;
}
