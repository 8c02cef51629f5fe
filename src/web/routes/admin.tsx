/**
 * Page /admin/* (Platform Administrators only; the route's guard sends anyone else home): the
 * administrators' layout — a side menu, or a drawer at 768 px or less — around its sections from the
 * specification: dashboard (/admin), leagues (/admin/leagues, /admin/leagues/:leagueId), fixtures, teams,
 * users (/admin/users/:userId), groups (/admin/groups/:groupId), reported wall posts (/admin/reports), standings, and the audit log.
 */
import { Route, Routes, useParams } from 'react-router';
import { AdminLayout } from '../features/admin/components/admin-layout';
import { AdminNotFound } from '../features/admin/components/admin-not-found';
import { DashboardScreen } from '../features/admin/components/dashboard-screen';
import { LeagueDetailScreen } from '../features/admin/components/league-detail-screen';
import { LeaguesScreen } from '../features/admin/components/leagues-screen';
import { SectionSoon } from '../features/admin/components/section-soon';
import { AuditScreen } from '../features/admin/audit/audit-screen';
import { FixturesScreen } from '../features/admin/fixtures/fixtures-screen';
import { GroupDetailScreen } from '../features/admin/people/group-detail-screen';
import { GroupsScreen } from '../features/admin/people/groups-screen';
import { UserDetailScreen } from '../features/admin/people/user-detail-screen';
import { UsersScreen } from '../features/admin/people/users-screen';
import { StandingsScreen } from '../features/admin/standings/standings-screen';
import { TeamsScreen } from '../features/admin/teams/teams-screen';
import { WallReportsScreen } from '../features/admin/wall-reports/wall-reports-screen';
import { isAdminSection, READY_SECTIONS } from '../features/admin/lib/sections';

/** A section without its screen yet, or not found for a name that is no section. */
function OtherSection() {
  const { section = '' } = useParams();
  return isAdminSection(section) && !READY_SECTIONS.has(section) ? <SectionSoon section={section} /> : <AdminNotFound />;
}

/** The admin layout with the screen of the address. */
export function AdminRoute() {
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<DashboardScreen />} />
        <Route path="leagues" element={<LeaguesScreen />} />
        <Route path="leagues/:leagueId" element={<LeagueDetailScreen />} />
        <Route path="fixtures" element={<FixturesScreen />} />
        <Route path="teams" element={<TeamsScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="users/:userId" element={<UserDetailScreen />} />
        <Route path="groups" element={<GroupsScreen />} />
        <Route path="groups/:groupId" element={<GroupDetailScreen />} />
        <Route path="reports" element={<WallReportsScreen />} />
        <Route path="standings" element={<StandingsScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path=":section" element={<OtherSection />} />
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminLayout>
  );
}
