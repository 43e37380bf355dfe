import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, nonceSource } from "./csp.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text exactly as written, once, and skips scripts with src", () => {
    const html = [
      "<html><head><script>window.a = 1;</script>",
      '<script src="/assets/x.js"></script>',
      '<script type="module">import "/assets/y.js";\n</script></head>',
      '<body><script>window.a = 1;</script><script async>"<b>&amp;</b>"</script></body></html>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha("window.a = 1;"),
      sha('import "/assets/y.js";\n'),
      sha('"<b>&amp;</b>"'),
    ]);
  });

  it("finds none in a page without inline scripts", () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts from the site and the given sources only, and no inline script in production", () => {
    const policy = contentSecurityPolicy([nonceSource("abc")], { development: false, https: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(policy.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
  });

  it("asks browsers to upgrade sub-resources when the site is served over https", () => {
    expect(contentSecurityPolicy([], { development: false, https: true })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("allows images from this site only, unless stored images come from another origin", () => {
    expect(contentSecurityPolicy([], { development: false, https: false })).toContain("img-src 'self' data: blob:;");
    const policy = contentSecurityPolicy([], {
      development: false,
      https: true,
      imageSources: ["https://media.example-cdn.com"],
    });
    expect(policy).toContain("img-src 'self' data: blob: https://media.example-cdn.com;");
  });
});
