import net from "node:net";

/**
 * Addresses a feed fetch never connects to unless private feeds are allowed: the server would otherwise fetch
 * its own network for whoever pastes a link (loopback, RFC 1918 and ULA networks, link-local — cloud metadata
 * lives there —, unspecified, carrier-grade NAT, and the reserved, benchmark and multicast ranges).
 */
const refused = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  refused.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 127], // unspecified and loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 of an IPv4 address: checked as that address below
] as const) {
  refused.addSubnet(address, prefix, "ipv6");
}

/** True for an address that is not on the public internet; anything that is not an IP address counts too. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 4) return refused.check(bare, "ipv4");
  if (family !== 6) return true;
  const embedded = embeddedIpv4(bare);
  if (embedded) return refused.check(embedded, "ipv4");
  return refused.check(bare, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const m = /^(?:::ffff:|64:ff9b::)(.+)$/.exec(lower);
  if (!m) return undefined;
  const rest = m[1]!;
  if (net.isIPv4(rest)) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}
