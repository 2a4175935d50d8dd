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

/** `2001:db8:1:2::5` → `2001:db8:1:2::/64`; an IPv4-mapped address (`::ffff:192.0.2.1`) → the IPv4 one. */
export function ipv6Network(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail, ...rest] = address.split("::");
  if (rest.length) return address;
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return address;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${all
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
