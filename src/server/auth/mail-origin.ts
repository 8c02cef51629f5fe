/**
 * The origin (scheme://host[:port]) that links in mails point at. With APP_URL, always APP_URL.
 * Without it (a newcomer's `npm start`, opened as localhost, 127.0.0.1 or from a phone on the LAN),
 * the origin of the request that caused the mail — but only when its host is one this machine
 * answers to (a loopback name or address, one of its own network addresses, its host name) on the
 * server's own port: a Host header is the client's to write, and a reset link pointing at an attacker's
 * host would hand them the token (host-header poisoning). Anything else falls back to
 * http://localhost:PORT. Behind TLS or a proxy, set APP_URL.
 */
import { isIP } from 'node:net';
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
 * Whether `host` (a Host header value) names this machine on the port the server listens on: a loopback
 * name or address (any 127.x.y.z literal — never a DNS name that merely starts with "127."), one of its
 * network addresses, or its host name. Malformed values are never trusted.
 */
export function isOwnHost(host: string | null | undefined, port: number): boolean {
  if (!host || host.length > 255) return false;
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (parsed.host !== host.toLowerCase() || parsed.pathname !== '/' || parsed.username || parsed.password) return false;
  if (Number(parsed.port || 80) !== port) return false;
  const name = parsed.hostname.replace(/^\[|\]$/g, '');
  cachedHosts ??= ownHosts();
  return cachedHosts.has(name) || (isIP(name) === 4 && name.startsWith('127.'));
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
  // Plain http: a server answering on its own address and port without APP_URL is not behind TLS.
  return isOwnHost(host, options.port) ? `http://${host!.toLowerCase()}` : fallback;
}
