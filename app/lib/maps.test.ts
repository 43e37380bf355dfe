import { describe, expect, it } from "vitest";
import { googleMapsSearchUrl } from "./maps";

describe("googleMapsSearchUrl", () => {
  it("puts the encoded address in the query of Google Maps' search URL", () => {
    expect(googleMapsSearchUrl("House 42, Road 11, Banani, Dhaka 1213")).toBe(
      "https://www.google.com/maps/search/?api=1&query=House%2042%2C%20Road%2011%2C%20Banani%2C%20Dhaka%201213",
    );
  });

  it("cannot be broken out of by characters that mean something in a URL", () => {
    const url = new URL(googleMapsSearchUrl("Plot 5 & 6 #2/B?x=1"));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("query")).toBe("Plot 5 & 6 #2/B?x=1");
    expect(url.hash).toBe("");
  });
});
