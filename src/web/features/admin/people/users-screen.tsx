/** The administrators' people: search, role, disable/enable, resend verification (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function UsersScreen() {
  return <SectionSoon section="users" />;
}
