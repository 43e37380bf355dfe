import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { injectBeforeHeadEnd, stylesheetTag } from "./inline-stylesheet.server";

async function through(chunks: string[], tag: string): Promise<string> {
  let out = "";
  for await (const piece of Readable.from(chunks).pipe(injectBeforeHeadEnd(tag))) out += String(piece);
  return out;
}

describe("injectBeforeHeadEnd", () => {
  it("puts the tag before </head>, even when the marker is split across chunks", async () => {
    expect(await through(["<html><head><title>x</title></he", "ad><body>hi</body></html>"], "<style>a{}</style>")).toBe(
      "<html><head><title>x</title><style>a{}</style></head><body>hi</body></html>",
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
