import { BlockList, isIP } from 'node:net';

/** Addresses no server fetch may reach: private, shared, link-local, documentation, benchmark, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  // IPv4-mapped addresses (::ffff:0:0/96) are judged as the IPv4 address they carry: a BlockList rule for them would match every IPv4 address.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) PRIVATE.addSubnet(prefix, bits, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a server-side fetch may connect to `address` (an IP literal): a public unicast address, or a loopback one
 * when `allowLoopback` (a development server fetching a local client's document). An IPv4-mapped IPv6 address is
 * judged as the IPv4 address it carries.
 *
 * @example isFetchableAddress('10.0.0.7', false) // false
 */
export function isFetchableAddress(address: string, allowLoopback: boolean): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isFetchableAddress(mapped, allowLoopback);
  if (/^(0{0,4}:){0,5}:?ffff:/i.test(address)) return false; // a mapped IPv4 address written in hex: not worth decoding
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return allowLoopback;
  return !PRIVATE.check(address, type);
}
