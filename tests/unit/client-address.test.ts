import { describe, expect, it } from "vitest";
import { addressGroup, addressNetwork, clientAddress, ipv6Network } from "~/server/abuse.server";

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

describe("the address group a registration keeps (decision 026)", () => {
  it("is the network: an IPv4 address's /24, an IPv6 address's /48", () => {
    expect(addressNetwork("192.0.2.7")).toBe("192.0.2.0/24");
    expect(addressNetwork("::ffff:192.0.2.9")).toBe("192.0.2.0/24");
    for (const ip of ["2001:db8:1:2::1", "2001:0db8:0001:ffff::9", "2001:db8:1::"]) expect(addressNetwork(ip), ip).toBe("2001:db8:1::/48");
    expect(addressNetwork("local")).toBe("local");
    expect(addressNetwork("1::2::3")).toBe("1::2::3");
  });

  it("is kept as 8 hex characters of a keyed hash, the same for one network and different for another", async () => {
    const of = (ip: string) => addressGroup(new Request("http://localhost/", { headers: { "CF-Connecting-IP": ip } }));
    const group = await of("192.0.2.10");
    expect(group).toMatch(/^[0-9a-f]{8}$/);
    expect(await of("192.0.2.250")).toBe(group);
    expect(await of("192.0.3.10")).not.toBe(group);
    expect(await of("2001:db8:1:2::1")).toBe(await of("2001:db8:1:9::1"));
    expect(await of("2001:db8:2::1")).not.toBe(await of("2001:db8:1::1"));
  });
});
