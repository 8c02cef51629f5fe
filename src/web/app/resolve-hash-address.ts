/**
 * Mail links use the specification's hash-style addresses (/#/email-verified?token=…,
 * /#/update-password?token=…): before the router starts, such an address becomes the route it names
 * ("/#/email-verified?token=x" → "/email-verified?token=x"), so every route works from a hash link.
 * Imported first by main.tsx.
 */

/** The path a hash-style address names ("#/login?x=1" → "/login?x=1"), or null for an ordinary hash. */
export function hashRoute(hash: string): string | null {
  return hash.startsWith('#/') ? hash.slice(1) : null;
}

const route = hashRoute(window.location.hash);
if (route) window.history.replaceState(window.history.state, '', route);
