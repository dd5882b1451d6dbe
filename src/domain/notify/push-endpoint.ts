// Which push endpoints the server will POST to. An endpoint comes from the user's browser, so
// without a rule it is a way to make the server call any address (internal hosts, cloud
// metadata, other sites). Only the browsers' push services are allowed by default: https, their
// host names (or a subdomain), the default port, no user name or password in the URL.
import * as v from 'valibot';

/**
 * The push services of the major browsers: Chrome, Edge (Chromium), Opera, Samsung Internet and
 * other Chromium browsers (FCM, formerly GCM), Firefox (Mozilla autopush), Safari (Apple),
 * Edge and Windows apps on WNS.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

export interface PushEndpointRule {
  /** Host names (each also allows its subdomains); `host:port` allows that one port instead of the default. */
  hosts: readonly string[];
  /** Plain http as well as https (a local push service in tests). */
  allowHttp: boolean;
}

/** One allow-list entry: a host name or IPv4 address, optionally with a port. */
const HOST_ENTRY_RE =
  /^(?=.{1,253}(:|$))[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** PUSH_SERVICE_HOSTS: comma-separated entries; empty means the default list. */
export const pushServiceHostsSchema = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  ),
  v.array(v.pipe(v.string(), v.regex(HOST_ENTRY_RE, 'must be host names, each optionally with :port'))),
);

function hostMatches(hostname: string, port: string, entry: string): boolean {
  const [name = '', entryPort = ''] = entry.split(':');
  if (port !== entryPort) return false;
  return hostname === name || hostname.endsWith(`.${name}`);
}

export function pushEndpointAllowed(endpoint: string, rule: PushEndpointRule): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && rule.allowHttp))) return false;
  if (url.username || url.password) return false;
  // URL drops a scheme's default port, so `port` is '' for :443 too; anything else must be listed.
  return rule.hosts.some((entry) => hostMatches(url.hostname, url.port, entry));
}

/**
 * One spelling per endpoint, so one device is one row and an endpoint cannot be posted again
 * under another spelling: the URL's own serialisation (scheme and host in lower case, the
 * default port and dot segments dropped, escapes normalised), without a fragment (never sent)
 * or a trailing dot on the host. Anything that is not a URL is left as it is (and refused).
 */
export function normalizePushEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    url.hash = '';
    if (url.hostname.endsWith('.')) url.hostname = url.hostname.replace(/\.+$/, '');
    return url.href;
  } catch {
    return endpoint;
  }
}
