import { describe, expect, it } from "vitest";
import { rateLimitKeyForAddress, UNKNOWN_CLIENT } from "./client-address";

describe("rateLimitKeyForAddress", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitKeyForAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKeyForAddress(" 10.0.0.1 ")).toBe("10.0.0.1");
  });

  it("turns an IPv4 address written as IPv6 into the IPv4 address", () => {
    expect(rateLimitKeyForAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(rateLimitKeyForAddress("::FFFF:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKeyForAddress("::ffff:c000:0201")).toBe("192.0.2.1");
    expect(rateLimitKeyForAddress("0:0:0:0:0:ffff:102:304")).toBe("1.2.3.4");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const network = "2001:0db8:0000:0000::/64";
    for (const address of [
      "2001:db8::1",
      "2001:db8:0:0:1::1",
      "2001:0db8:0000:0000:ffff:ffff:ffff:fffe",
      "2001:DB8::abcd",
      "[2001:db8::2]",
      "2001:db8::",
    ]) {
      expect(rateLimitKeyForAddress(address), address).toBe(network);
    }
    expect(rateLimitKeyForAddress("2001:db8:0:1::1")).toBe("2001:0db8:0000:0001::/64");
    expect(rateLimitKeyForAddress("2001:db8:1234:5678:9abc:def0:1234:5678")).toBe("2001:0db8:1234:5678::/64");
    expect(rateLimitKeyForAddress("::1")).toBe("0000:0000:0000:0000::/64");
    expect(rateLimitKeyForAddress("::")).toBe("0000:0000:0000:0000::/64");
    // NAT64 keeps the IPv6 prefix: the tail is an IPv4 host behind it, not the client's own IPv4 address.
    expect(rateLimitKeyForAddress("64:ff9b::192.0.2.1")).toBe("0064:ff9b:0000:0000::/64");
  });

  it("ignores a zone id", () => {
    expect(rateLimitKeyForAddress("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(rateLimitKeyForAddress("fe80::abcd:1%25")).toBe("fe80:0000:0000:0000::/64");
  });

  it("counts a missing or malformed address as one unknown client", () => {
    for (const address of [
      "",
      "   ",
      undefined,
      null,
      "localhost",
      "1.2.3",
      "2001:db8::1::2",
      "12345::1",
      "::ffff:1.2.3",
    ]) {
      expect(rateLimitKeyForAddress(address), String(address)).toBe(UNKNOWN_CLIENT);
    }
  });
});
