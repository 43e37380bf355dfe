import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local.server";
import { createMediaHandler, MEDIA_PATH } from "./media-handler.server";
import { MEDIA_CACHE_CONTROL } from "./storage";

// The Express handler that serves the local backend's files, on a real server at 127.0.0.1.
let root: string;
let server: Server;
let base: string;
const webp = Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 pretend image", "latin1");

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "media-handler-test-"));
  // A file beside the media folder that no request may reach.
  writeFileSync(path.join(root, "auth-secret"), "top secret");
  mkdirSync(path.join(root, "media"));
  writeFileSync(path.join(root, "media", ".partial-abc"), "half a file");
  const storage = createLocalStorage({ dir: path.join(root, "media") });
  await storage.put("logos/abc-320.webp", webp, "image/webp");

  const app = express();
  app.use(
    MEDIA_PATH,
    createMediaHandler(() => storage),
  );
  // What the React Router handler would get: marks requests the media handler passed on.
  app.use((_req, res) => void res.status(418).send("passed on"));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/**
 * A request with the path and headers exactly as written: fetch would resolve `..` before sending, and adds
 * Cache-Control: no-cache to a conditional request.
 */
function rawGet(
  pathAsWritten: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { path: pathAsWritten, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /media/<key>", () => {
  it("serves a stored file with its type, a year's cache and nosniff", async () => {
    const response = await fetch(`${base}/media/logos/abc-320.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-length")).toBe(String(webp.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(webp);
  });

  it("answers HEAD without a body, and a repeated GET with 304", async () => {
    const head = await fetch(`${base}/media/logos/abc-320.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await rawGet("/media/logos/abc-320.webp", { "If-None-Match": etag! });
    expect(again).toEqual({ status: 304, body: "" });
  });

  it.each(["/media/logos/none.webp", "/media/logos", "/media/", "/media/logos/abc-320.png"])(
    "answers 404 for %s, which holds no file",
    async (url) => {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );

  it.each([
    "/media/../auth-secret",
    "/media/logos/../../auth-secret",
    "/media/%2e%2e/auth-secret",
    "/media/%2E%2E%2Fauth-secret",
    "/media/..%2fauth-secret",
    "/media/logos%2f..%2f..%2fauth-secret",
    "/media/.partial-abc",
    "/media/LOGOS/ABC-320.WEBP",
    "/media//etc/passwd",
  ])("answers 404 to %s without reading outside the media folder or a partial file", async (url) => {
    const response = await rawGet(url);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain("top secret");
    expect(response.body).not.toContain("half a file");
  });

  it("passes other methods on", async () => {
    const response = await fetch(`${base}/media/logos/abc-320.webp`, { method: "POST" });
    expect(response.status).toBe(418);
  });
});
