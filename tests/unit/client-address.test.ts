import { describe, expect, it } from "vitest";
import { clientAddress, ipv6Network } from "~/server/client-address.server";

const from = (ip?: string) => clientAddress(new Request("http://localhost/", { headers: ip ? { "CF-Connecting-IP": ip } : {} }));

describe("the client address rate limits count", () => {
  it("is an IPv4 address as it is, and 'local' without Cloudflare's header", () => {
    expect(from("192.0.2.7")).toBe("192.0.2.7");
    expect(from()).toBe("local");
  });

  it("is an IPv6 address's /64 network, however the address is written", () => {
    for (const ip of ["2001:db8:1:2::1", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002::", "2001:db8:1:2:0:0:0:5"]) {
      expect(from(ip), ip).toBe("2001:db8:1:2::/64");
    }
    expect(ipv6Network("::1")).toBe("0:0:0:0::/64");
    expect(ipv6Network("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 one, and leaves what is not an address alone", () => {
    expect(from("::ffff:192.0.2.9")).toBe("192.0.2.9");
    for (const odd of ["1::2::3", "1:2:3:4:5:6:7:8:9", "2001:db8::zzzz", "1:2:3"]) expect(ipv6Network(odd)).toBe(odd);
  });
});
