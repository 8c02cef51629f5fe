/** The administrators' one group with its members and owner (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function GroupDetailScreen() {
  return <SectionSoon section="groups" />;
}
