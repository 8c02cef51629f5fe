/** Placeholder for /request-password-reset until its screen lands (spec section 2). */
import { Card } from '../components/ui/card';

/** Page /request-password-reset (placeholder). */
export function RequestPasswordResetRoute() {
  return <Card><p>/request-password-reset</p></Card>;
}
