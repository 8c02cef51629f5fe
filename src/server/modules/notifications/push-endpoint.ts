/**
 * Which push subscription endpoints the server will POST to. The endpoint comes from the browser, so
 * accepting any URL would let anyone make the server send requests into its own network (SSRF). Only
 * https endpoints of the browsers' push services are accepted (Chrome/Edge/Opera: FCM; Firefox:
 * Mozilla's autopush; Safari: Apple; Windows: WNS), plus hosts named in PUSH_ENDPOINT_HOSTS; under
 * NODE_ENV=test any http(s) endpoint (tests run their own push service on localhost). web-push reads an
 * endpoint with Node's legacy url.parse, which splits some addresses differently from the WHATWG URL
 * parser ('https://localhost{.fcm.googleapis.com/' is localhost to it): the endpoint must be plain ASCII
 * without such characters, and both parsers must agree on its host.
 */
import { parse as legacyParse } from 'node:url';

/** What an endpoint may contain: printable ASCII without spaces, quotes, braces, backslashes or backticks. */
const SAFE_ENDPOINT = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?\/[A-Za-z0-9._~:/?#[\]@!$&'()*+,;=%-]*$/;

/** Host suffixes of the browsers' push services. */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

/** Whether `endpoint` may receive our pushes: https on a push service's host (or an extra one), or anything in tests. */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[], anyHost: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // The parser web-push itself uses must read the same host.
  if (!SAFE_ENDPOINT.test(endpoint) || legacyParse(endpoint).hostname !== url.hostname) return false;
  if (anyHost) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return [...PUSH_SERVICE_HOSTS, ...extraHosts].some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
