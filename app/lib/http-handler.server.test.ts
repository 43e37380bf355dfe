import { describe, expect, it } from "vitest";
import { addressCarriesNul } from "./http-handler.server";

// Issue 38, finding 6: `?account=%00` or `?statement=%00` answered 500 (PostgreSQL refuses a NUL in text). The
// handler answers 400 to any address carrying one, before a route sees it.
describe("addressCarriesNul", () => {
  const at = (path: string) => new URL(path, "http://127.0.0.1");

  it("finds a NUL in a parameter's value or name, or in the path", () => {
    expect(addressCarriesNul(at("/admin/accounts/reconciliation?account=%00"))).toBe(true);
    expect(addressCarriesNul(at("/admin/accounts/reconciliation?account=1100&statement=ab%00cd"))).toBe(true);
    expect(addressCarriesNul(at("/admin/accounts/reports?%00=1"))).toBe(true);
    expect(addressCarriesNul(at("/admin/items/%00"))).toBe(true);
  });

  it("lets every other address through, a malformed escape too", () => {
    expect(addressCarriesNul(at("/admin/accounts/reconciliation?account=1100&statement=x"))).toBe(false);
    expect(addressCarriesNul(at("/products?q=%E0%A6%AC%E0%A6%BE%E0%A6%82%E0%A6%B2%E0%A6%BE"))).toBe(false);
    expect(addressCarriesNul(at("/products/%E0%A4%A"))).toBe(false);
  });
});
