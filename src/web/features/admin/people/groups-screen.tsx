/** The administrators' groups: search, deactivate/reactivate, delete (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function GroupsScreen() {
  return <SectionSoon section="groups" />;
}
