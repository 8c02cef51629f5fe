/** Every route path of the web app, in one place (bulletproof-react's config/paths). */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  register: '/register',
  checkEmail: '/check-email',
  emailVerified: '/email-verified',
  newGroup: '/groups/new',
  join: (code?: string) => (code ? `/join/${encodeURIComponent(code)}` : '/join'),
  group: (groupId: string) => `/groups/${groupId}`,
} as const;
