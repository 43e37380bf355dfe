import { isIPv4, isIPv6 } from "node:net";

/** What an address is counted as when it is missing or not an IP address at all. */
export const UNKNOWN_CLIENT = "unknown";

/** The eight 16-bit groups of an IPv6 address (zone id and brackets already removed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail: number[] = [];
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (isIPv4(last)) {
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon + 1) + "0";
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((h) => parseInt(h, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const wanted = 8 - (tail.length ? 1 : 0);
  const missing = wanted - head.length - rest.length;
  const groups = halves.length === 2 ? [...head, ...Array<number>(missing).fill(0), ...rest] : head;
  if (tail.length) groups.pop();
  groups.push(...tail);
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key a client address is counted under by the rate limits: an IPv4 address as it is; an IPv4 address
 * written as IPv6 (`::ffff:1.2.3.4`) as the IPv4 address; any other IPv6 address as its /64 network
 * (`2001:0db8:0000:0000::/64`), because one subscriber usually holds a whole /64 and could otherwise take a
 * fresh allowance with every address in it. Anything else counts as one "unknown" client.
 */
export function rateLimitKeyForAddress(address: string | null | undefined): string {
  const text = (address ?? "").trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(text)) return text;
  // A zone id (fe80::1%eth0) names the local interface, not the client.
  const withoutZone = text.replace(/%.*$/, "");
  if (!isIPv6(withoutZone)) return UNKNOWN_CLIENT;
  const groups = ipv6Groups(withoutZone.toLowerCase());
  if (!groups) return UNKNOWN_CLIENT;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  const hex = groups.slice(0, 4).map((g) => g.toString(16).padStart(4, "0"));
  return `${hex.join(":")}::/64`;
}
