import http from "node:http";
import type { AddressInfo } from "node:net";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteImage, storeImage, toImageRecord } from "~/domain/media/images.server";
import { sniffImageType } from "~/domain/media/image-type";
import { makeImage } from "../../../tests/support/images";
import { startS3, type TestS3 } from "../../../tests/support/test-s3";
import { createS3Storage } from "./s3.server";
import { InvalidStorageKeyError, MEDIA_CACHE_CONTROL, type Storage } from "./storage";

// The S3 backend against a real S3-compatible server (s3rver) started here.
let s3: TestS3;
let storage: Storage;
// A plain client, to put an object the application would not.
let raw: S3Client;
beforeAll(async () => {
  s3 = await startS3();
  storage = createS3Storage(s3.config);
  raw = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
    forcePathStyle: true,
  });
});
afterAll(async () => {
  raw?.destroy();
  await s3?.close();
});

const body = Buffer.from("RIFF....WEBPVP8 pretend");

describe("S3 storage", () => {
  it("puts, gets and deletes an object, with its content type", async () => {
    await storage.put("logos/abc-320.webp", body, "image/webp");
    expect(await s3.listKeys()).toEqual(["logos/abc-320.webp"]);
    expect(await storage.get("logos/abc-320.webp")).toEqual({ body, contentType: "image/webp" });
    await storage.delete("logos/abc-320.webp");
    expect(await storage.get("logos/abc-320.webp")).toBeNull();
    expect(await s3.listKeys()).toEqual([]);
  });

  it("answers null for a missing key and deletes one without complaint", async () => {
    expect(await storage.get("logos/none.webp")).toBeNull();
    await expect(storage.delete("logos/none.webp")).resolves.toBeUndefined();
  });

  it("serves the object at its path-style public address, cached for a year", async () => {
    await storage.put("hero/x-640.webp", new Uint8Array(body), "image/webp");
    const url = storage.url("hero/x-640.webp");
    expect(url).toBe(`${s3.config.endpoint}/media/hero/x-640.webp`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(body);
    await storage.delete("hero/x-640.webp");
  });

  it("lists every key of the bucket, sorted, leaving out keys this application could not have stored", async () => {
    const keys = ["logos/c-320.webp", "gallery/b-320.webp", "logos/a-320.webp", "hero/x-640.webp"];
    for (const key of keys) await storage.put(key, body, "image/webp");
    await raw.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: "Other/README.TXT", Body: "not ours" }));
    expect(await storage.list()).toEqual([...keys].sort());
    for (const key of keys) await storage.delete(key);
    await raw.send(new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: "Other/README.TXT" }));
    expect(await storage.list()).toEqual([]);
  });

  it("follows the continuation tokens to the last page of keys", async () => {
    // s3rver cannot make continuation tokens (it ciphers them with DES, which OpenSSL 3 no longer offers), so a
    // bucket of three pages is played by a small server answering ListObjectsV2 as S3 does.
    const pages = [["a/1.webp", "a/2.webp"], ["b/1.webp", "b/2.webp"], ["c/1.webp"]];
    const tokensAsked: (string | null)[] = [];
    const fake = http.createServer((req, res) => {
      const token = new URL(req.url ?? "/", "http://x").searchParams.get("continuation-token");
      tokensAsked.push(token);
      const index = token ? Number(token.slice("page-".length)) : 0;
      const page = pages[index]!;
      const next = index + 1 < pages.length ? `<NextContinuationToken>page-${index + 1}</NextContinuationToken>` : "";
      res.setHeader("Content-Type", "application/xml");
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Name>media</Name><KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys>` +
          `<IsTruncated>${next ? "true" : "false"}</IsTruncated>${next}` +
          page.map((key) => `<Contents><Key>${key}</Key><Size>1</Size></Contents>`).join("") +
          `</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    try {
      const paged = createS3Storage({
        ...s3.config,
        endpoint: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      });
      expect(await paged.list()).toEqual(pages.flat());
      expect(tokensAsked).toEqual([null, "page-1", "page-2"]);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it("builds addresses on S3_PUBLIC_URL when set", () => {
    const cdn = createS3Storage({ ...s3.config, publicUrl: "https://cdn.example.com/media" });
    expect(cdn.url("logos/a-320.webp")).toBe("https://cdn.example.com/media/logos/a-320.webp");
  });

  it("throws for a bucket that does not exist instead of answering 'no such object'", async () => {
    const wrong = createS3Storage({ ...s3.config, bucket: "no-such-bucket" });
    await expect(wrong.get("logos/a.webp")).rejects.toThrow(/bucket/i);
  });

  it("refuses invalid keys before asking the server", async () => {
    await expect(storage.put("../x.webp", body, "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get("a/../../x")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete("/x")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.url("A.webp")).toThrow(InvalidStorageKeyError);
  });

  it("keeps an uploaded image's variants in the bucket, and deleteImage removes them all", async () => {
    const image = await storeImage(await makeImage("png", 900, 600), { folder: "gallery", storage });
    const keys = [320, 640, 900].map((w) => `${image.key}-${w}.webp`);
    expect(await s3.listKeys()).toEqual(keys);
    expect(image.url).toBe(`${s3.config.endpoint}/media/${image.key}-900.webp`);
    const served = await fetch(image.url);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(sniffImageType(new Uint8Array(await served.arrayBuffer()))).toBe("image/webp");

    await deleteImage(toImageRecord(image), storage);
    expect(await s3.listKeys()).toEqual([]);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    await expect(deleteImage(image, storage)).resolves.toBeUndefined();
  });
});
