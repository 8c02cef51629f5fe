/** The administrators' teams and their other names (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function TeamsScreen() {
  return <SectionSoon section="teams" />;
}
