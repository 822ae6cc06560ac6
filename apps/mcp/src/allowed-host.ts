/** A host as written in `Host` or an allowed-hosts entry: a lower-case name (IPv6 in brackets) and its port, if given. */
interface HostParts {
  readonly name: string;
  readonly port: number | null;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/;

/**
 * Splits `name`, `name:port`, `[v6]` or `[v6]:port` (any case); null when it is none of these.
 *
 * @example parseHost('LocalHost:8787') // { name: 'localhost', port: 8787 }
 */
export function parseHost(value: string): HostParts | null {
  const match = HOST.exec(value.trim().toLowerCase());
  if (match === null) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  return { name: match[1] ?? '', port };
}

/**
 * Whether `host` is one of `allowed`: same name (case aside), and the same port when the entry names one;
 * a host without a port stands for the scheme's default port.
 */
function hostMatches(host: string, defaultPort: number, allowed: readonly string[]): boolean {
  const parts = parseHost(host);
  if (parts === null) return false;
  const port = parts.port ?? defaultPort;
  return parsedEntries(allowed).some((wanted) => wanted.name === parts.name && (wanted.port === null || wanted.port === port));
}

// An endpoint checks every request against the same list: each list is parsed once.
const parsed = new WeakMap<readonly string[], readonly HostParts[]>();

function parsedEntries(allowed: readonly string[]): readonly HostParts[] {
  let entries = parsed.get(allowed);
  if (entries === undefined) {
    entries = allowed.map(parseHost).filter((entry): entry is HostParts => entry !== null);
    parsed.set(allowed, entries);
  }
  return entries;
}

/**
 * Whether a request reaches the endpoint by an allowed name (DNS-rebinding protection). Both the `Host`
 * header and the authority of `request.url` must be allowed: @hono/node-server builds the URL from an
 * absolute-form request target (`POST http://127.0.0.1/mcp`) and ignores `Host` then, while a rebound
 * browser request names the attacker's host in `Host`. Without a `Host` header (HTTP/1.0) the URL decides.
 *
 * @example isHostAllowed(request, ['127.0.0.1', 'localhost', '[::1]', 'condor.example:8443'])
 */
export function isHostAllowed(request: Request, allowed: readonly string[]): boolean {
  const url = new URL(request.url);
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  const header = request.headers.get('host');
  return hostMatches(url.host, defaultPort, allowed) && (header === null || hostMatches(header, defaultPort, allowed));
}
