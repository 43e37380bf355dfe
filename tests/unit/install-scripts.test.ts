import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm install` must run quietly for a newcomer (issue 20, Quick start): npm 11 skips a dependency's install
// script unless package.json's allowScripts approves it, and ends the install with a warning listing it. esbuild
// and sharp are approved there (their scripts only check that the prebuilt binary for this machine is present).

describe("npm install", () => {
  it("has no dependency whose install script is neither approved nor denied", () => {
    const out = execFileSync("npm", ["install-scripts", "ls"], {
      cwd: path.resolve(__dirname, "../.."),
      encoding: "utf8",
    });
    expect(out.trim()).toBe("No packages with unreviewed install scripts.");
  }, 30_000);
});
