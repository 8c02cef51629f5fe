/** The administrators' a league's computed and provider standings (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function StandingsScreen() {
  return <SectionSoon section="standings" />;
}
