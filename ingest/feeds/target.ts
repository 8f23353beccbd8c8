// SSRF guard for user-supplied feed URLs: only http(s), and only hosts whose every resolved address is a
// public unicast one (loopback, private, link-local, unspecified, multicast, reserved and documentation
// ranges are refused, IPv4 embedded in IPv6 included), unless the operator allow-lists the host.
import { promises as dns, type LookupAddress } from "node:dns";
import net from "node:net";

export type TargetCheck = { ok: true } | { ok: false; reason: string };

/** The addresses that passed the check (null: the host is allow-listed, resolve it normally). */
export type ResolvedTarget = { ok: true; addresses: LookupAddress[] | null } | { ok: false; reason: string };

export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

const defaultLookup: LookupAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

// [first address as a 32-bit number, prefix length, what it is]
const V4_BLOCKED: readonly [number, number, string][] = [
  [v4("0.0.0.0"), 8, "an unspecified (this-network) address"],
  [v4("10.0.0.0"), 8, "a private address"],
  [v4("100.64.0.0"), 10, "a shared (carrier-grade NAT) address"],
  [v4("127.0.0.0"), 8, "a loopback address"],
  [v4("169.254.0.0"), 16, "a link-local address"],
  [v4("172.16.0.0"), 12, "a private address"],
  [v4("192.0.0.0"), 24, "a reserved address"],
  [v4("192.0.2.0"), 24, "a documentation address"],
  [v4("192.168.0.0"), 16, "a private address"],
  [v4("198.18.0.0"), 15, "a benchmarking address"],
  [v4("198.51.100.0"), 24, "a documentation address"],
  [v4("203.0.113.0"), 24, "a documentation address"],
  [v4("224.0.0.0"), 4, "a multicast address"],
  [v4("240.0.0.0"), 4, "a reserved address"],
];

function v4(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(address: number, base: number, prefix: number): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) === Math.floor(base / size);
}

function v4Blocked(value: number): string | null {
  for (const [base, prefix, label] of V4_BLOCKED) if (inV4Range(value, base, prefix)) return label;
  return null;
}

/** Eight 16-bit groups of an IPv6 address (zone id dropped, embedded dotted quad converted), or null. */
function v6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const n = v4(dotted[1]);
    text = text.slice(0, dotted.index) + `${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...new Array<number>(Math.max(fill, 0)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function v6Blocked(address: string): string | null {
  const g = v6Groups(address);
  if (!g) return "an unreadable address";
  const embedded = (hi: number, lo: number) => v4Blocked(hi * 65536 + lo);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);

  if (g.every((x) => x === 0)) return "an unspecified address";
  if (zeroUpTo(7) && g[7] === 1) return "a loopback address";
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated): judged as the IPv4 inside.
  if (zeroUpTo(5) && g[5] === 0xffff) return embedded(g[6], g[7]);
  if (zeroUpTo(6)) return embedded(g[6], g[7]);
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6], g[7]);
  // NAT64 well-known prefix 64:ff9b::/96 and 6to4 2002::/16 reach the IPv4 they embed.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "a private (local-use NAT64) address";
  if (g[0] === 0x2002) return embedded(g[1], g[2]);
  if (g[0] === 0x2001 && g[1] === 0) return "a Teredo tunnel address";
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "a documentation address";
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return "a discard-only address";
  if ((g[0] & 0xfe00) === 0xfc00) return "a private (unique local) address";
  if ((g[0] & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g[0] & 0xffc0) === 0xfec0) return "a site-local address";
  if ((g[0] & 0xff00) === 0xff00) return "a multicast address";
  return null;
}

/** What kind of non-public address this is ("a private address"), or null for a public unicast one. */
export function blockedAddressKind(address: string): string | null {
  const family = net.isIP(address.replace(/%.*$/, ""));
  if (family === 4) return v4Blocked(v4(address));
  if (family === 6) return v6Blocked(address);
  return "an unreadable address";
}

const bare = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();

/**
 * Whether the URL's host is allow-listed. Entries are "host" (any port), "host:port", "[v6]", "[v6]:port"
 * or "*.example.com" (its subdomains); case-insensitive.
 */
export function hostAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = bare(url.hostname);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowHosts.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    let entryHost = entry;
    let entryPort: string | undefined;
    const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    const hostPort = /^([^:]+):(\d+)$/.exec(entry);
    if (v6) [entryHost, entryPort] = [v6[1], v6[2]];
    else if (hostPort) [entryHost, entryPort] = [hostPort[1], hostPort[2]];
    entryHost = bare(entryHost);
    if (entryPort !== undefined && entryPort !== port) return false;
    if (entryHost.startsWith("*.")) return host.endsWith(entryHost.slice(1));
    return entryHost === host;
  });
}

/**
 * Checks a target and returns the addresses it may be reached at, so the caller can connect to exactly
 * those (no second DNS answer between check and connect). Literal IPs need no lookup.
 */
export async function resolveTarget(
  target: string | URL,
  allowHosts: readonly string[],
  lookup: LookupAll = defaultLookup,
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = typeof target === "string" ? new URL(target) : target;
  } catch {
    return { ok: false, reason: "The feed address is not a valid URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `Only http and https addresses are allowed, not ${url.protocol.replace(/:$/, "")}` };
  }
  if (hostAllowed(url, allowHosts)) return { ok: true, addresses: null };

  const host = bare(url.hostname);
  const refuse = (address: string, kind: string): ResolvedTarget => ({
    ok: false,
    reason:
      address === host
        ? `The address ${host} is not allowed: it is ${kind}`
        : `The host ${host} is not allowed: it resolves to ${address}, ${kind}`,
  });
  if (host === "localhost" || host.endsWith(".localhost")) return refuse(host, "a loopback address");

  const family = net.isIP(host);
  let addresses: LookupAddress[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await lookup(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "lookup failed";
      return { ok: false, reason: `The host ${host} could not be resolved (${code})` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `The host ${host} could not be resolved (no address)` };
  for (const { address } of addresses) {
    const kind = blockedAddressKind(address);
    if (kind) return refuse(address, kind);
  }
  return { ok: true, addresses };
}

/** Whether a URL may be fetched: scheme http(s) and every resolved address public, or the host allow-listed. */
export async function checkTargetAllowed(url: string, allowHosts: string[]): Promise<TargetCheck> {
  const result = await resolveTarget(url, allowHosts);
  return result.ok ? { ok: true } : result;
}
