import { describe, expect, it } from "vitest";
import { isSitePath } from "./toast";

describe("isSitePath (a toast's link)", () => {
  it("takes a path of this site", () => {
    for (const href of ["/admin/outbox/7da7d22a-e6b0-4a1f-b593-8a6ee4a6da8a", "/admin/outbox?status=pending", "/"])
      expect(isSitePath(href), href).toBe(true);
  });

  it("refuses another site's address, however it is written", () => {
    for (const href of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "admin",
      "/a b",
      "",
    ])
      expect(isSitePath(href), href).toBe(false);
  });
});
