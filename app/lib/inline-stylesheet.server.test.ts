import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { injectBeforeHeadEnd, stylesheetTag } from "./inline-stylesheet.server";

async function through(chunks: Array<string | Buffer>, tag: string): Promise<string> {
  const pieces: Buffer[] = [];
  const source = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c)));
  for await (const piece of source.pipe(injectBeforeHeadEnd(tag))) pieces.push(piece as Buffer);
  return Buffer.concat(pieces).toString("utf8");
}

describe("injectBeforeHeadEnd", () => {
  it("puts the tag before </head>, even when the marker is split across chunks", async () => {
    expect(await through(["<html><head><title>x</title></he", "ad><body>hi</body></html>"], "<style>a{}</style>")).toBe(
      "<html><head><title>x</title><style>a{}</style></head><body>hi</body></html>",
    );
  });
  it("keeps a multi-byte character whole when its bytes are split between chunks", async () => {
    const html = Buffer.from("<html><head><title>৳ টাকা</title></head><body>৳10,000</body></html>");
    // Split inside the three bytes of the first ৳ (and, after the head, inside the last one).
    const first = html.indexOf(Buffer.from("৳")) + 1;
    const last = html.lastIndexOf(Buffer.from("৳")) + 2;
    const chunks = [html.subarray(0, first), html.subarray(first, last), html.subarray(last)];
    expect(await through(chunks, "<style></style>")).toBe(
      "<html><head><title>৳ টাকা</title><style></style></head><body>৳10,000</body></html>",
    );
  });
  it("passes a document without a head through unchanged", async () => {
    expect(await through(["<p>", "fragment</p>"], "<style></style>")).toBe("<p>fragment</p>");
  });
});

describe("stylesheetTag", () => {
  it("falls back to a link when the built sheet is not on disk", () => {
    expect(stylesheetTag("/assets/missing.css", "n")).toBe('<link rel="stylesheet" href="/assets/missing.css">');
  });
});
