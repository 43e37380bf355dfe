import { describe, expect, it } from "vitest";
import { isImageAddress, splitImageUrls, splitTags } from "./form-lists";

describe("splitTags", () => {
  it("splits on commas, trims, drops blanks and keeps each tag once (first spelling)", () => {
    expect(splitTags(" wedding , stage,,  outdoor  ,Wedding, STAGE ,")).toEqual(["wedding", "stage", "outdoor"]);
  });

  it("folds runs of white space inside a tag", () => {
    expect(splitTags("moving   head,\tline\narray")).toEqual(["moving head", "line array"]);
  });

  it("gives no tags for blank input", () => {
    expect(splitTags("")).toEqual([]);
    expect(splitTags(" , ,, ")).toEqual([]);
  });
});

describe("splitImageUrls", () => {
  it("takes one address per line, trimmed, blank lines dropped, each once", () => {
    expect(
      splitImageUrls("\n https://cdn.example.com/a.webp \r\n\r\n/images/b.webp\n   \nhttps://cdn.example.com/a.webp\n"),
    ).toEqual(["https://cdn.example.com/a.webp", "/images/b.webp"]);
  });

  it("gives no addresses for blank input", () => {
    expect(splitImageUrls("")).toEqual([]);
    expect(splitImageUrls("\n\n  \r\n")).toEqual([]);
  });
});

describe("isImageAddress", () => {
  it.each([
    "https://cdn.example.com/led.webp",
    "http://example.com/a.jpg",
    "HTTPS://EXAMPLE.COM/A.JPG",
    "/images/products/led.webp",
    "/media/inventory/3f2504e0-4f89-41d3-9a0c-0305e82c3301-1280.webp",
  ])("accepts %j", (address) => {
    expect(isImageAddress(address)).toBe(true);
  });

  it.each([
    "",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:image/png;base64,iVBORw0KGgo=",
    "vbscript:msgbox",
    "file:///etc/passwd",
    "ftp://example.com/a.jpg",
    "//evil.example.com/a.jpg",
    "/\\evil.example.com/a.jpg",
    "images/led.webp",
    "led.webp",
    "https://exa mple.com/a.jpg",
    "/images/a b.webp",
    "https://",
    "not a url",
  ])("refuses %j", (address) => {
    expect(isImageAddress(address)).toBe(false);
  });
});
