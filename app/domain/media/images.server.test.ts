import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, type LocalStorage } from "~/lib/storage/local.server";
import type { Storage } from "~/lib/storage/storage";
import { makeImage, makeJpegWithExif, pngHeaderDeclaring } from "../../../tests/support/images";
import { sniffImageType } from "./image-type";
import {
  deleteImage,
  imageFromRecord,
  imageSrcSet,
  storeImage,
  toImageRecord,
  variantWidths,
  type StoredImage,
} from "./images.server";
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, ImageRejectedError, UPLOAD_WRONG_TYPE } from "./upload";

let root: string;
let storage: LocalStorage;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "images-test-"));
  storage = createLocalStorage({ dir: root });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every stored file, relative to the media folder. */
function storedFiles(): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function stored(image: StoredImage, width: number) {
  const object = await storage.get(image.variants.find((v) => v.width === width)!.key);
  if (!object) throw new Error(`variant ${width} missing`);
  return object;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

describe("variantWidths", () => {
  it.each([
    [4000, [320, 640, 1280, 1920]],
    [1920, [320, 640, 1280, 1920]],
    [1000, [320, 640, 1000]],
    [640, [320, 640]],
    [200, [200]],
  ])("makes of a picture %i px wide the widths %j, never enlarging it", (width, expected) => {
    expect(variantWidths(width)).toEqual(expected);
  });

  it("takes the requested widths in order, once each", () => {
    expect(variantWidths(900, [640, 320, 640])).toEqual([320, 640]);
  });
});

describe("storeImage", () => {
  it("stores WebP variants in the standard widths under a server-chosen name", async () => {
    const image = await storeImage(await makeImage("jpeg", 2400, 1200), { folder: "hero", storage });
    expect(image.key).toMatch(new RegExp(`^hero/${UUID}$`));
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1280, 640],
      [1920, 960],
    ]);
    for (const variant of image.variants) {
      expect(variant.key).toBe(`${image.key}-${variant.width}.webp`);
      expect(variant.url).toBe(`/media/${variant.key}`);
      const object = await stored(image, variant.width);
      expect(object.contentType).toBe("image/webp");
      expect(sniffImageType(object.body)).toBe("image/webp");
      const meta = await sharp(object.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", variant.width, variant.height]);
    }
    // The default is the largest at most 1280 wide.
    expect(image).toMatchObject({ url: `/media/${image.key}-1280.webp`, width: 1280, height: 640 });
    expect(storedFiles()).toHaveLength(4);
  });

  it.each(["png", "webp", "avif"] as const)("re-encodes a %s upload to WebP", async (format) => {
    const image = await storeImage(await makeImage(format, 700, 350), { folder: "gallery", storage });
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 700]);
    expect(sniffImageType((await stored(image, 700)).body)).toBe("image/webp");
  });

  it("never enlarges a small picture, and keeps one variant at its own size", async () => {
    const image = await storeImage(await makeImage("png", 200, 100), { folder: "logos", storage });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[200, 100]]);
    expect(image).toMatchObject({ width: 200, height: 100, url: `/media/${image.key}-200.webp` });
  });

  it("takes the widths asked for", async () => {
    const image = await storeImage(await makeImage("jpeg", 800, 400), { folder: "logos", widths: [160, 480], storage });
    expect(image.variants.map((v) => v.width)).toEqual([160, 480]);
  });

  it("turns the picture upright by its EXIF orientation and keeps none of its metadata", async () => {
    // Stored 400 × 200 with "rotate 90° to show": shown 200 × 400.
    const upload = await makeJpegWithExif(400, 200, 6);
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const image = await storeImage(upload, { folder: "events", storage });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[200, 400]]);
    const { body } = await stored(image, 200);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(body.includes("Secret Camera Owner")).toBe(false);
  });

  it.each([
    ["a GIF", () => makeImage("gif"), UPLOAD_WRONG_TYPE],
    ["text", async () => Buffer.from("not an image"), UPLOAD_WRONG_TYPE],
    ["a picture wider than 12,000 px", () => Promise.resolve(pngHeaderDeclaring(12_001, 10)), IMAGE_TOO_MANY_PIXELS],
    ["a picture over 40 megapixels", () => Promise.resolve(pngHeaderDeclaring(8000, 6000)), IMAGE_TOO_MANY_PIXELS],
    [
      "a decompression bomb of 20,000 × 20,000",
      () => Promise.resolve(pngHeaderDeclaring(20_000, 20_000)),
      IMAGE_TOO_MANY_PIXELS,
    ],
    ["a truncated JPEG", async () => (await makeImage("jpeg", 640, 480)).subarray(0, 300), IMAGE_UNREADABLE],
    ["a PNG whose pixels are missing", () => Promise.resolve(pngHeaderDeclaring(2000, 1000)), IMAGE_UNREADABLE],
  ])("refuses %s with a message for the person, storing nothing", async (_name, bytes, message) => {
    const attempt = storeImage(await bytes(), { folder: "gallery", storage });
    await expect(attempt).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(attempt).rejects.toThrow(message);
    expect(storedFiles()).toEqual([]);
  });

  it("deletes the variants already stored when a put fails, and rethrows", async () => {
    let puts = 0;
    const failing: Storage = {
      ...storage,
      async put(key, body, contentType) {
        if (++puts === 2) throw new Error("disk full");
        return storage.put(key, body, contentType);
      },
    };
    await expect(storeImage(await makeImage("jpeg", 1400, 700), { folder: "hero", storage: failing })).rejects.toThrow(
      "disk full",
    );
    expect(puts).toBe(2);
    expect(storedFiles()).toEqual([]);
  });

  it("deletes a variant whose put failed after storing it (a timeout)", async () => {
    let puts = 0;
    const late: Storage = {
      ...storage,
      async put(key, body, contentType) {
        await storage.put(key, body, contentType);
        if (++puts === 3) throw new Error("timed out");
      },
    };
    await expect(storeImage(await makeImage("jpeg", 1400, 700), { folder: "hero", storage: late })).rejects.toThrow(
      "timed out",
    );
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a folder that is not one of the known ones", async () => {
    const folder = "../etc" as "logos";
    await expect(storeImage(await makeImage("png"), { folder, storage })).rejects.toThrow(/unknown image folder/);
  });
});

describe("a stored image in a table row", () => {
  it("is recorded as its key and variant sizes, and read back to the same addresses", async () => {
    const image = await storeImage(await makeImage("jpeg", 1000, 500), { folder: "inventory", storage });
    const record = toImageRecord(image);
    expect(record).toEqual({
      key: image.key,
      variants: [
        { width: 320, height: 160 },
        { width: 640, height: 320 },
        { width: 1000, height: 500 },
      ],
    });
    // As a jsonb column gives it back.
    expect(imageFromRecord(JSON.parse(JSON.stringify(record)), storage)).toEqual(image);
    expect(imageSrcSet(image)).toBe([320, 640, 1000].map((w) => `/media/${image.key}-${w}.webp ${w}w`).join(", "));
  });

  it("deletes every variant, and deleting again is harmless", async () => {
    const keep = await storeImage(await makeImage("png", 300, 300), { folder: "logos", storage });
    const image = await storeImage(await makeImage("jpeg", 700, 700), { folder: "logos", storage });
    expect(storedFiles()).toHaveLength(1 + 3);
    await deleteImage(toImageRecord(image), storage);
    expect(storedFiles()).toEqual([`${keep.key}-300.webp`]);
    await deleteImage(image, storage);
    expect(storedFiles()).toEqual([`${keep.key}-300.webp`]);
  });

  it("tries every variant even when one delete fails, then reports the failure", async () => {
    const image = await storeImage(await makeImage("jpeg", 700, 700), { folder: "logos", storage });
    const flaky: Storage = {
      ...storage,
      async delete(key) {
        if (key.endsWith("-320.webp")) throw new Error("network down");
        return storage.delete(key);
      },
    };
    await expect(deleteImage(image, flaky)).rejects.toThrow("network down");
    expect(storedFiles()).toEqual([`${image.key}-320.webp`]);
  });
});
