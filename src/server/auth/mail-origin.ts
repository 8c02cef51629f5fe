/**
 * The origin (scheme://host[:port]) that links in mails point at. With APP_URL, always APP_URL.
 * Without it (a newcomer's `npm start`, opened as localhost, 127.0.0.1 or from a phone on the LAN),
 * the origin of the request that caused the mail — but only when its host is one this machine
 * answers to (a loopback name or address, one of its own network addresses, its host name): a Host
 * header is the client's to write, and a reset link pointing at an attacker's host would hand them
 * the token (host-header poisoning). Anything else falls back to http://localhost:PORT.
 */
import { hostname, networkInterfaces } from 'node:os';

/** Where the app is reachable, as configured. */
export interface MailOriginOptions {
  /** APP_URL, when configured. */
  appUrl?: string;
  /** The port the server listens on (for the fallback). */
  port: number;
}

/** The host names and addresses of this machine (lower case, IPv6 without brackets), read once. */
function ownHosts(): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '::1']);
  const name = hostname().toLowerCase();
  hosts.add(name);
  hosts.add(`${name}.local`);
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) hosts.add(address.address.toLowerCase().replace(/%.*$/, ''));
  }
  return hosts;
}

let cachedHosts: Set<string> | undefined;

/**
 * Whether `host` (a Host header value: name or address with an optional port) names this machine.
 * Malformed values are never trusted.
 */
export function isOwnHost(host: string | null | undefined): boolean {
  if (!host || host.length > 255) return false;
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (parsed.host !== host.toLowerCase() || parsed.pathname !== '/' || parsed.username || parsed.password) return false;
  const name = parsed.hostname.replace(/^\[|\]$/g, '');
  cachedHosts ??= ownHosts();
  return cachedHosts.has(name) || /^127\./.test(name);
}

/**
 * The origin for links in a mail caused by `request` (a Fetch Request, as Better Auth passes it;
 * absent for mails not caused by a request).
 * @returns e.g. "https://palpite.example.com" or "http://192.168.1.20:3000", without a trailing slash.
 */
export function mailOrigin(options: MailOriginOptions, request?: Request | null): string {
  if (options.appUrl) return new URL(options.appUrl).origin;
  const fallback = `http://localhost:${options.port}`;
  const host = request?.headers.get('host');
  if (!isOwnHost(host)) return fallback;
  // The browser's Origin (same host) tells whether the page was opened over https (behind a proxy).
  const origin = request?.headers.get('origin');
  const scheme = origin && origin.toLowerCase() === `https://${host!.toLowerCase()}` ? 'https' : 'http';
  return `${scheme}://${host!.toLowerCase()}`;
}
