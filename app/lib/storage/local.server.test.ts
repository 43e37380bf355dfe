import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, type LocalStorage } from "./local.server";
import { InvalidStorageKeyError } from "./storage";

let root: string;
let storage: LocalStorage;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "local-storage-test-"));
  storage = createLocalStorage({ dir: path.join(root, "data", "media") });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const webp = Buffer.from("RIFF....WEBPVP8 pretend");

describe("local storage", () => {
  it("puts, gets and deletes a file under its key", async () => {
    await storage.put("logos/abc-320.webp", webp, "image/webp");
    expect(await storage.get("logos/abc-320.webp")).toEqual({ body: webp, contentType: "image/webp" });
    await storage.delete("logos/abc-320.webp");
    expect(await storage.get("logos/abc-320.webp")).toBeNull();
  });

  it("accepts a Uint8Array and replaces what was under the key", async () => {
    await storage.put("hero/x.png", new Uint8Array([1, 2, 3]), "image/png");
    await storage.put("hero/x.png", new Uint8Array([4, 5]), "image/png");
    expect((await storage.get("hero/x.png"))?.body).toEqual(Buffer.from([4, 5]));
  });

  it("answers null for a missing key, and for a folder", async () => {
    expect(await storage.get("logos/none.webp")).toBeNull();
    await storage.put("logos/a.webp", webp, "image/webp");
    expect(await storage.get("logos")).toBeNull();
  });

  it("deletes a missing key without complaint", async () => {
    await expect(storage.delete("logos/none.webp")).resolves.toBeUndefined();
    await expect(storage.delete("logos/none.webp")).resolves.toBeUndefined();
  });

  it("lists every stored key, sorted, and nothing when nothing was ever stored", async () => {
    expect(await storage.list()).toEqual([]);
    await storage.put("logos/b-320.webp", webp, "image/webp");
    await storage.put("logos/a-320.webp", webp, "image/webp");
    await storage.put("documents/2026/x.pdf", Buffer.from("%PDF"), "application/pdf");
    await storage.put("hero.png", Buffer.from([1]), "image/png");
    expect(await storage.list()).toEqual(["documents/2026/x.pdf", "hero.png", "logos/a-320.webp", "logos/b-320.webp"]);
  });

  it("leaves partial writes, unknown kinds of file and symbolic links out of the list", async () => {
    await storage.put("logos/a-320.webp", webp, "image/webp");
    writeFileSync(path.join(storage.dir, "logos", ".partial-abc"), "half a file");
    writeFileSync(path.join(storage.dir, "logos", "notes.txt"), "not ours");
    writeFileSync(path.join(storage.dir, "Upper.webp"), "not a key");
    symlinkSync(path.join(storage.dir, "logos", "a-320.webp"), path.join(storage.dir, "logos", "link.webp"));
    expect(await storage.list()).toEqual(["logos/a-320.webp"]);
  });

  it("gives the address this server serves it at", () => {
    expect(storage.url("logos/abc-320.webp")).toBe("/media/logos/abc-320.webp");
    expect(createLocalStorage({ dir: root, baseUrl: "/files/" }).url("a.png")).toBe("/files/a.png");
  });

  it("keeps the folder and files private to the server's user, and leaves no partial files", async () => {
    await storage.put("gallery/2024/a.webp", webp, "image/webp");
    expect(statSync(storage.dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(storage.dir, "gallery", "2024")).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(storage.dir, "gallery", "2024", "a.webp")).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(storage.dir, "gallery", "2024"))).toEqual(["a.webp"]);
  });

  it("refuses a content type its extension does not name, so get answers with the type that was put", async () => {
    await expect(storage.put("logos/a.webp", webp, "text/html")).rejects.toThrow(/not text\/html/);
    await expect(storage.put("logos/a.html", webp, "text/html")).rejects.toThrow(/as nothing/);
    expect(existsSync(path.join(storage.dir, "logos"))).toBe(false);
  });

  it.each(["../outside.webp", "logos/../../outside.webp", "/tmp/outside.webp", "logos/.hidden.webp", "Logos/A.webp"])(
    "refuses the key %s in every operation",
    async (key) => {
      mkdirSync(path.join(root, "data"));
      writeFileSync(path.join(root, "data", "outside.webp"), "secret");
      await expect(storage.put(key, webp, "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.url(key)).toThrow(InvalidStorageKeyError);
      expect(existsSync(path.join(root, "data", "outside.webp"))).toBe(true);
    },
  );
});
