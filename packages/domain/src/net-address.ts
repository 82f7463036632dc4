/**
 * Which hosts a stored web address may name (issue 27 item 4, decision 0056): only public internet addresses.
 * One pure rule for the save-time schemas (api and web) and for the GIS proxy's check of every address a name
 * resolves to, so a stored address can never make the server reach this machine, its network or the cloud's
 * metadata service. Hosts are read the way the WHATWG URL parser reads them (browsers and Node's http do), which
 * turns every IPv4 spelling (`0x7f000001`, `2130706433`, `017700000001`, `127.1`, full-width digits) into a dotted
 * quad and every IPv6 spelling into its short form.
 */

/** What kind of address an IP literal is; only `public` may be fetched or stored. */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

const KIND_LABEL: Record<Exclude<AddressKind, 'public'>, string> = {
  unspecified: 'an unspecified address (this machine)',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  shared: 'a carrier-grade NAT address',
  'link-local': 'a link-local address (the cloud metadata service among them)',
  'unique-local': 'a unique local address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** IANA's special-purpose IPv4 blocks (RFC 6890 and later), each with the kind it is refused as. */
const IPV4_BLOCKS: readonly [string, number, Exclude<AddressKind, 'public'>][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** A dotted quad (the only IPv4 form the URL parser and DNS give) as a 32-bit number, else null. */
function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

const IPV4_RANGES = IPV4_BLOCKS.map(([base, bits, kind]) => ({ base: parseIpv4(base)!, size: 2 ** (32 - bits), kind }));

function ipv4Kind(value: number): AddressKind {
  for (const range of IPV4_RANGES) if (value >= range.base && value < range.base + range.size) return range.kind;
  return 'public';
}

/** An IPv6 literal (brackets, zone and an IPv4 tail allowed) as its eight 16-bit groups, else null. */
function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    const head = s.slice(0, lastColon + 1);
    s = head.endsWith('::') ? head : head.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const parse = (list: string[]) => list.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(groups(halves[0]!));
  const rest = halves.length === 2 ? parse(groups(halves[1]!)) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 1) return given === 8 ? [...head, ...tail] : null;
  if (given > 7) return null;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest, ...tail];
}

function ipv6Kind(g: number[]): AddressKind {
  const [a, b, c, d, e, f, h1, h2] = g as [number, number, number, number, number, number, number, number];
  const embedded = h1 * 65536 + h2;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && h2 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d): the IPv4 address is the one reached.
  if (zeroTo(5) && f === 0xffff) return ipv4Kind(embedded);
  if (zeroTo(4) && e === 0xffff && f === 0) return ipv4Kind(embedded);
  // The well-known NAT64 prefix reaches the IPv4 address in its last 32 bits; the local-use one is a private network.
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return ipv4Kind(embedded);
  if (a === 0x64 && b === 0xff9b && c === 1) return 'private';
  if ((a & 0xfe00) === 0xfc00) return 'unique-local';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xffc0) === 0xfec0) return 'private';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  // Inside global unicast (2000::/3): IETF protocol assignments (Teredo among them), documentation, 6to4 relays.
  if (a === 0x2001 && b < 0x200) return 'reserved';
  if (a === 0x2001 && b === 0xdb8) return 'reserved';
  if (a === 0x2002) return 'reserved';
  if ((a & 0xfff0) === 0x3ff0) return 'reserved';
  if ((a & 0xe000) === 0x2000) return 'public';
  // ::/96 (IPv4-compatible), 100::/64 (discard), 5f00::/16 and every other block outside global unicast.
  return 'reserved';
}

/** The kind of an IP literal (dotted-quad IPv4, or IPv6 with or without brackets), or null when it is none. */
export function addressKind(ip: string): AddressKind | null {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return ipv4Kind(v4);
  const v6 = parseIpv6(ip);
  return v6 ? ipv6Kind(v6) : null;
}

/** True only for a public internet address; anything that is no IP literal is false. */
export const isPublicAddress = (ip: string): boolean => addressKind(ip) === 'public';

/** Why an address is refused ("127.0.0.1 is a loopback address (this machine)"), or null when it is public. */
export function addressIssue(ip: string): string | null {
  const kind = addressKind(ip);
  if (kind === 'public') return null;
  return kind ? `${ip} is ${KIND_LABEL[kind]}` : `${ip} is not an IP address`;
}

/**
 * Names that never leave the local machine or network: localhost and its kin, and the suffixes kept for private
 * networks (`.local` is multicast DNS; `.internal` is reserved for private use, metadata.google.internal among them).
 */
const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback', 'ip6-localnet']);
const LOCAL_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'private', 'arpa'];

/**
 * Why a URL's host (as `new URL(...).hostname` gives it) is not a public internet host, or null. An IP literal must
 * be public; a name must have a dot (a bare name resolves through the local search domains) and no local suffix.
 * Whether a name resolves to a public address is for the fetch to check (after DNS, on every redirect).
 */
export function hostIssue(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return 'the address has no host';
  if (addressKind(host) !== null) return addressIssue(host);
  if (LOCAL_NAMES.has(host) || LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return `${host} is a name on the local machine or network`;
  if (!host.includes('.')) return `${host} is a name without a domain, found on the local network`;
  return null;
}

/**
 * Why a web address may not be stored or fetched, or null when it may: it must be http(s), without a user name or
 * password (`https://public.example@127.0.0.1/` reads as public and is not), and its host public (hostIssue).
 */
export function webAddressIssue(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not a web address';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'it is not an http or https address';
  if (parsed.username || parsed.password) return 'it carries a user name or password';
  return hostIssue(parsed.hostname);
}

/** The field message for a web address webAddressIssue refuses. */
export const PUBLIC_WEB_ADDRESS_MESSAGE = 'Use a public web address';
export const publicWebAddressMessage = (issue: string) => `${PUBLIC_WEB_ADDRESS_MESSAGE}: ${issue}`;
