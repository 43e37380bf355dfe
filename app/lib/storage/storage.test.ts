import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadEnv, setEnv, type Env } from "../env.server";
import { createLocalStorage } from "./local.server";
import { isValidStorageKey } from "./storage";
import { createStorage, getStorage, setStorage, storageImageSources } from "./storage.server";

describe("isValidStorageKey", () => {
  it.each(["logos/0b8e6f1c-9a3d-4c53-8f3e-2b1f6a7c9d10-640.webp", "a", "hero/x_y.z-1.webp", "a/b/c.png"])(
    "accepts %s",
    (key) => expect(isValidStorageKey(key)).toBe(true),
  );

  it.each([
    ["an empty key", ""],
    ["a parent folder", "../secret"],
    ["a parent folder inside", "logos/../../etc/passwd"],
    ["two dots in a name", "logos/a..webp"],
    ["an absolute path", "/etc/passwd"],
    ["a trailing slash", "logos/"],
    ["an empty segment", "logos//a.webp"],
    ["a hidden file", "logos/.partial-123"],
    ["a dot segment", "logos/./a.webp"],
    ["capitals", "Logos/a.webp"],
    ["a backslash", "logos\\a.webp"],
    ["a percent-encoding", "logos/%2e%2e/a.webp"],
    ["a space", "logos/a b.webp"],
    ["a NUL byte", "logos/a\0.webp"],
    ["a query", "logos/a.webp?x=1"],
    ["a key longer than 512 characters", `logos/${"a".repeat(510)}`],
  ])("refuses %s", (_name, key) => expect(isValidStorageKey(key)).toBe(false));
});

describe("getStorage", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  afterEach(() => setStorage(undefined));
  const envWith = (vars: Record<string, string>): Env =>
    loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32), ...vars });
  const s3 = {
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_BUCKET: "media",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("keeps files in DATA_DIR/media by default, served by this site at /media", () => {
    const env = envWith({});
    setEnv(env);
    const storage = getStorage();
    expect(storage.url("logos/a-320.webp")).toBe("/media/logos/a-320.webp");
    expect(getStorage()).toBe(storage);
    expect(createStorage(env)).toMatchObject({ dir: `${env.dataDir}/media` });
  });

  it("uses the bucket when S3_* are set, and builds a new backend when the configuration changes", () => {
    setEnv(envWith({}));
    const local = getStorage();
    setEnv(envWith(s3));
    const bucket = getStorage();
    expect(bucket).not.toBe(local);
    expect(bucket.url("logos/a-320.webp")).toBe("http://127.0.0.1:9000/media/logos/a-320.webp");
    setEnv(envWith({ ...s3, S3_PUBLIC_URL: "https://cdn.example.com/m/" }));
    expect(getStorage().url("logos/a-320.webp")).toBe("https://cdn.example.com/m/logos/a-320.webp");
  });

  it("can be replaced (tests), and set back to the configured one", () => {
    const replacement = createLocalStorage({ dir: "/nonexistent", baseUrl: "/elsewhere" });
    setStorage(replacement);
    setEnv(envWith(s3));
    expect(getStorage()).toBe(replacement);
    setStorage(undefined);
    expect(getStorage().url("a")).toBe("http://127.0.0.1:9000/media/a");
  });

  it("tells the Content-Security-Policy which other origin images come from", () => {
    expect(storageImageSources(envWith({}))).toEqual([]);
    expect(storageImageSources(envWith(s3))).toEqual(["http://127.0.0.1:9000"]);
    expect(storageImageSources(envWith({ ...s3, S3_PUBLIC_URL: "https://cdn.example.com/media" }))).toEqual([
      "https://cdn.example.com",
    ]);
    // A bucket served from the site's own origin (a reverse proxy path) needs nothing more than 'self'.
    expect(
      storageImageSources(
        envWith({
          ...s3,
          PUBLIC_URL: "https://rentals.example.com",
          S3_PUBLIC_URL: "https://rentals.example.com/files",
        }),
      ),
    ).toEqual([]);
  });
});
