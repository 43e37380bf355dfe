import { describe, expect, it } from "vitest";
import {
  hashLinkToken,
  LINK_TOKEN_PATTERN,
  linkExpiry,
  newLinkToken,
  quotationLinkPath,
  redactLinkPath,
  hideQueryTokens,
} from "./link-token";

describe("quotation link token", () => {
  it("is 32 letters and digits, different every time", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newLinkToken()));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(LINK_TOKEN_PATTERN);
  });

  it("is stored as its SHA-256 in hex", () => {
    expect(hashLinkToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("opens /customer/link/{token} for 7 days", () => {
    expect(quotationLinkPath("T0k3n")).toBe("/customer/link/T0k3n");
    expect(linkExpiry(new Date("2026-11-24T10:00:00Z")).toISOString()).toBe("2026-12-01T10:00:00.000Z");
  });
});

describe("redactLinkPath", () => {
  it("keeps no link token in a path or URL a log writes, and leaves other paths alone", () => {
    const token = newLinkToken();
    expect(redactLinkPath(`/customer/link/${token}`)).toBe("/customer/link/[redacted]");
    expect(redactLinkPath(`http://localhost:3000/customer/link/${token}?_data=x`)).toBe(
      "http://localhost:3000/customer/link/[redacted]?_data=x",
    );
    expect(redactLinkPath("/customer/quotation/abc")).toBe("/customer/quotation/abc");
  });

  it("keeps no password reset token either, wherever the parameter stands", () => {
    expect(redactLinkPath("/admin/reset-password?token=abc123XYZ")).toBe("/admin/reset-password?token=[redacted]");
    expect(redactLinkPath("/customer/reset-password.data?_routes=x&token=abc123#f")).toBe(
      "/customer/reset-password.data?_routes=x&token=[redacted]#f",
    );
    expect(redactLinkPath("/admin/inventory?q=token")).toBe("/admin/inventory?q=token");
  });
});

describe("hideQueryTokens", () => {
  it("hides every token parameter's value in a text and keeps the rest of the text as it was", () => {
    const text = "Open https://x.test/admin/reset-password?token=abc-123_XYZ\nThe link works once.";
    expect(hideQueryTokens(text)).toBe("Open https://x.test/admin/reset-password?token=[hidden]\nThe link works once.");
    expect(hideQueryTokens('<a href="/r?a=1&amp;token=s3cr3t">reset</a>')).toBe('<a href="/r?a=1&amp;token=[hidden]">reset</a>');
    expect(hideQueryTokens("Your token is in the e-mail: ?q=token")).toBe("Your token is in the e-mail: ?q=token");
  });
});
