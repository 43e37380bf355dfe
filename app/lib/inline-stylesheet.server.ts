import { readFileSync } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { appRoot } from "./app-root.server";

// The site's one style sheet (8 KB gzip) goes into each page's <head> in production instead of a <link>:
// a phone on a slow network paints a round trip sooner. React 19 skips tags in <head> it did not render,
// so hydration is unaffected. In development Vite serves the sheet through the root's links (hot reload).

let cached: { href: string; css: string | null } | undefined;

function readStylesheet(href: string): string | null {
  if (cached?.href !== href) {
    let css: string | null = null;
    try {
      css = readFileSync(path.join(appRoot(), "build/client", href), "utf8");
    } catch {
      css = null;
    }
    cached = { href, css };
  }
  return cached.css;
}

/** The tag that brings the style sheet: its content inline when the built file is there, else a link. */
export function stylesheetTag(href: string, nonce: string): string {
  const css = readStylesheet(href);
  // "</style" cannot occur in Tailwind's output, but never let the sheet end the tag early.
  if (css !== null && !css.includes("</style")) return `<style nonce="${nonce}" data-href="${href}">${css}</style>`;
  return `<link rel="stylesheet" href="${href}">`;
}

/**
 * A stream that copies HTML through, putting `tag` just before the first </head>. It works on bytes, never
 * decoding: a multi-byte character split between two chunks passes through whole.
 */
export function injectBeforeHeadEnd(tag: string): Transform {
  const marker = Buffer.from("</head>");
  let done = false;
  let pending: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const at = pending.indexOf(marker);
      if (at === -1) return callback();
      done = true;
      const out = Buffer.concat([pending.subarray(0, at), Buffer.from(tag), pending.subarray(at)]);
      pending = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, done || pending.length === 0 ? undefined : pending);
    },
  });
}
