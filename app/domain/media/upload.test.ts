import { describe, expect, it } from "vitest";
import { ftypBox, makeImage } from "../../../tests/support/images";
import { sniffImageType } from "./image-type";
import {
  formatBytes,
  readUpload,
  UPLOAD_EMPTY,
  UPLOAD_MISSING,
  UPLOAD_WRONG_TYPE,
  uploadTooLargeMessage,
} from "./upload";

const FIVE_MB = 5 * 1024 * 1024;
const limits = { maxBytes: FIVE_MB };
// Copied into a fresh array: File takes only bytes on a plain ArrayBuffer, and Buffers may sit on a shared one.
const fileOf = (bytes: Uint8Array | string, name: string, type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describe("sniffImageType", () => {
  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["webp", "image/webp"],
    ["avif", "image/avif"],
  ] as const)("recognises a real %s file by its bytes", async (format, type) => {
    expect(sniffImageType(await makeImage(format))).toBe(type);
  });

  it("recognises AVIF by a compatible brand too, and AVIF sequences", () => {
    expect(sniffImageType(ftypBox("mif1", ["mif1", "avif", "miaf"]))).toBe("image/avif");
    expect(sniffImageType(ftypBox("avis", ["avis", "msf1"]))).toBe("image/avif");
  });

  it.each([
    ["a GIF", () => makeImage("gif")],
    ["an SVG", () => Buffer.from(SVG)],
    ["an SVG with an XML declaration", () => Buffer.from(`<?xml version="1.0"?>${SVG}`)],
    ["text", () => Buffer.from("just some text, not a picture")],
    ["HEIC (same box as AVIF, other brands)", () => ftypBox("heic", ["mif1", "heic"])],
    ["an MP4 video", () => ftypBox("isom", ["isom", "iso2", "mp41"])],
    ["RIFF that is not WebP (a WAV sound)", () => Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1")],
    ["the first bytes of a JPEG only", () => Buffer.from([0xff, 0xd8])],
    ["nothing", () => Buffer.alloc(0)],
  ])("refuses %s", async (_name, bytes) => {
    expect(sniffImageType(await bytes())).toBeUndefined();
  });

  it("reads a view into a larger buffer from its own start", async () => {
    const png = await makeImage("png");
    const padded = Buffer.concat([Buffer.from("garbage!"), png]);
    expect(sniffImageType(padded.subarray(8))).toBe("image/png");
  });
});

describe("readUpload", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("accepts a %s image and returns its bytes", async (format) => {
    const bytes = await makeImage(format);
    const result = await readUpload(fileOf(bytes, `photo.${format}`), limits);
    expect(result).toEqual({ ok: true, bytes: new Uint8Array(bytes), type: `image/${format}` });
  });

  it("judges by the bytes, not the name or the type the browser claims", async () => {
    const png = await makeImage("png");
    expect(await readUpload(fileOf(png, "photo.txt", "text/plain"), limits)).toMatchObject({ type: "image/png" });
  });

  it.each([
    ["a text file renamed to .jpg", () => fileOf("hello, I am text", "photo.jpg")],
    ["an SVG", () => fileOf(SVG, "logo.svg", "image/svg+xml")],
    ["an SVG renamed to .png", () => fileOf(SVG, "logo.png", "image/png")],
    ["a GIF", async () => fileOf(await makeImage("gif"), "anim.gif", "image/gif")],
  ])("refuses %s as the wrong type", async (_name, file) => {
    expect(await readUpload(await file(), limits)).toEqual({ ok: false, error: UPLOAD_WRONG_TYPE });
    expect(UPLOAD_WRONG_TYPE).toBe("Only JPEG, PNG, WebP or AVIF images can be uploaded.");
  });

  it("refuses an empty file", async () => {
    expect(await readUpload(fileOf(new Uint8Array(0), "photo.jpg"), limits)).toEqual({
      ok: false,
      error: UPLOAD_EMPTY,
    });
    expect(UPLOAD_EMPTY).toBe("The file is empty.");
  });

  it("refuses a 6 MB file over a 5 MB limit, naming the limit, before reading it", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await makeImage("jpeg"));
    const file = fileOf(big, "huge.jpg");
    file.arrayBuffer = () => Promise.reject(new Error("must not be read"));
    expect(await readUpload(file, limits)).toEqual({ ok: false, error: "The image is larger than 5 MB." });
  });

  it("accepts a file of exactly the limit", async () => {
    const bytes = new Uint8Array(1024 * 1024);
    bytes.set(await makeImage("jpeg"));
    expect(await readUpload(fileOf(bytes, "exact.jpg"), { maxBytes: 1024 * 1024 })).toMatchObject({ ok: true });
    expect(await readUpload(fileOf(bytes, "exact.jpg"), { maxBytes: 1024 * 1024 - 1 })).toEqual({
      ok: false,
      error: "The image is larger than 1024 KB.",
    });
  });

  it.each([
    ["no field at all", null],
    ["a text field (a form sent without multipart)", "photo.jpg"],
    ["the empty, nameless file a browser sends when none was chosen", new File([], "")],
  ])("asks for an image when there is %s", async (_name, value) => {
    expect(await readUpload(value, limits)).toEqual({ ok: false, error: UPLOAD_MISSING });
    expect(UPLOAD_MISSING).toBe("Choose an image to upload.");
  });
});

describe("uploadTooLargeMessage", () => {
  it.each([
    [5 * 1024 * 1024, "The image is larger than 5 MB."],
    [10 * 1024 * 1024, "The image is larger than 10 MB."],
    [2.5 * 1024 * 1024, "The image is larger than 2.5 MB."],
    [512 * 1024, "The image is larger than 512 KB."],
  ])("names a limit of %i bytes as people read it", (bytes, message) => {
    expect(uploadTooLargeMessage(bytes)).toBe(message);
  });

  it("rounds to one decimal", () => {
    expect(formatBytes(1_500_000)).toBe("1.4 MB");
  });
});
