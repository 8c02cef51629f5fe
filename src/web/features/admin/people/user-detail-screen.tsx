/** The administrators' one person with their groups (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function UserDetailScreen() {
  return <SectionSoon section="users" />;
}
