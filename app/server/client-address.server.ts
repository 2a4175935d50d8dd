// The visitor's address as rate limits count it, and the address group a registration stores
// instead of the address (decision 026).
import { usableSessionSecret } from "./secret.server";

/**
 * The visitor's address as Cloudflare reports it, as rate limits count it: an IPv4 address as it
 * is, an IPv6 address as its /64 network (one home or phone usually gets a whole /64, so counting
 * single IPv6 addresses would let one client take as many turns as it likes). Locally there is no
 * such header, so every local request shares one bucket, which is what a single developer needs.
 */
export function clientAddress(request: Request): string {
  const address = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase() || "local";
  return address.includes(":") ? ipv6Network(address) : address;
}

/** The eight groups of an IPv6 address (leading zeros dropped), or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const [head = "", tail, ...rest] = address.split("::");
  if (rest.length) return null;
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => group.replace(/^0+(?=.)/, ""));
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/** `2001:db8:1:2::5` → `2001:db8:1:2::/64`; an IPv4-mapped address (`::ffff:192.0.2.1`) → the IPv4 one. */
export function ipv6Network(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/**
 * The network a client address belongs to, as a burst is told apart by it: an IPv4 address's /24
 * (`192.0.2.0/24`), an IPv6 address's /48 (`2001:db8:1::/48`), anything else as it is ('local').
 */
export function addressNetwork(address: string): string {
  const ipv4 = IPV4_MAPPED.exec(address)?.[1] ?? address;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ipv4);
  if (octets) return `${octets[1]}.${octets[2]}.${octets[3]}.0/24`;
  const groups = address.includes(":") ? ipv6Groups(address) : null;
  return groups ? `${groups.slice(0, 3).join(":")}::/48` : address;
}

let groupKey: { secret: string; key: Promise<CryptoKey> } | null = null;

/**
 * The request's address group (decision 026): the first 8 hex characters of an HMAC-SHA-256, keyed
 * with SESSION_SECRET, of its network (addressNetwork). Registrations from one network share it,
 * so staff can cancel a burst from one place, but the site never stores the address, and without
 * the secret a group cannot be turned back into a network. Null when the secret is not usable.
 */
export async function addressGroup(request: Request): Promise<string | null> {
  const secret = usableSessionSecret();
  if (!secret) return null;
  if (groupKey?.secret !== secret) {
    const key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    groupKey = { secret, key };
  }
  const address = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase() || "local";
  const mac = await crypto.subtle.sign("HMAC", await groupKey.key, new TextEncoder().encode(`address-group:${addressNetwork(address)}`));
  return [...new Uint8Array(mac).slice(0, 4)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
