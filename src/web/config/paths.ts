/** Every route path of the web app, in one place (bulletproof-react's config/paths); spec section 2. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  emailVerified: '/email-verified',
  profile: '/profile',
  /** The profile's notification settings (its section's anchor). */
  profileNotifications: '/profile#notifications',
  /** The one-click unsubscribe of reminder mails, with the signed token in ?token=. */
  unsubscribe: '/unsubscribe',
  requestPasswordReset: '/request-password-reset',
  updatePassword: '/update-password',
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  contact: '/contact',
  admin: '/admin',
  groups: '/groups',
  createGroup: '/create-group',
  /** /join-group, with the invite code in ?code= when given. */
  joinGroup: (code?: string) => (code ? `/join-group?code=${encodeURIComponent(code)}` : '/join-group'),
  group: (groupId: string) => `/group/${groupId}`,
  /** The group's stats, charts and podium (/group/{id}/podium redirects here). */
  groupStats: (groupId: string) => `/group/${groupId}/stats`,
  /** A member's predictions of closed matches in a group, by round. */
  memberPredictions: (groupId: string, userId: string) => `/groups/${groupId}/members/${encodeURIComponent(userId)}/predictions`,
} as const;
