/** Placeholder for /terms until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /terms (placeholder). */
export function TermsRoute() {
  return <Card><p>/terms</p></Card>;
}
