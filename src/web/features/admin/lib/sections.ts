/** The administrators' sections (specification section 2: admin children) and their addresses. */
import { paths } from '../../../config/paths';

/** Every section, in menu order; the dashboard is /admin itself. */
export const ADMIN_SECTIONS = ['dashboard', 'leagues', 'fixtures', 'teams', 'users', 'groups', 'reports', 'standings', 'audit'] as const;
/** A section of the administrators' area. */
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Sections with a working screen; the others show that they are not available yet. */
export const READY_SECTIONS: ReadonlySet<AdminSection> = new Set(ADMIN_SECTIONS);

/** The key of a section's name ('reports', the reported wall posts, has its texts in admin-wall.json). */
export function sectionLabelKey(section: AdminSection): string {
  return section === 'reports' ? 'adminWall.nav' : `admin.sections.${section}`;
}

/** The address of a section. */
export function sectionPath(section: AdminSection): string {
  return section === 'dashboard' ? paths.admin : `${paths.admin}/${section}`;
}

/** The address of a league's detail page. */
export function leaguePath(leagueId: string): string {
  return `${paths.admin}/leagues/${leagueId}`;
}

/** Whether `name` (a path segment) is one of the sections. */
export function isAdminSection(name: string): name is AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(name);
}
