/** The administrators' the audit log of administrative writes (placeholder until its screen lands). */
import { SectionSoon } from '../components/section-soon';

/** Says the screen is not available yet. */
export function AuditScreen() {
  return <SectionSoon section="audit" />;
}
