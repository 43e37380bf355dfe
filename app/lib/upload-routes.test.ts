import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv, setEnv } from "./env.server";
import { bodyLimitFor, FORM_BODY_LIMIT } from "./http-handler.server";
import { isUploadPath, MULTIPART_OVERHEAD_BYTES, UPLOAD_ROUTE_PATHS, uploadBodyLimit } from "./upload-routes";

describe("isUploadPath", () => {
  it.each([
    ...UPLOAD_ROUTE_PATHS,
    "/admin/logos/",
    "/admin/logos.data",
    "/admin/hero.data",
    "/admin/inventory/led-wall-p3/edit",
    "/admin/inventory/new.data",
    "/admin/gallery/0b8e6f1c",
    "/Admin/Logos",
  ])("lets %s carry an upload", (pathname) => expect(isUploadPath(pathname)).toBe(true));

  it.each([
    "/",
    "/admin",
    "/admin/logout",
    "/admin/logosx",
    "/admin/heroes",
    "/admin/hero-images",
    "/contact",
    "/quotation.data",
    "/api/email/quotation",
    "/media/admin/logos",
  ])("keeps %s to the form limit", (pathname) => expect(isUploadPath(pathname)).toBe(false));
});

describe("bodyLimitFor", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "upload-routes-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("gives upload screens UPLOAD_MAX_BYTES and room for the rest of the form; every other path 100 KB", () => {
    setEnv(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) }));
    expect(bodyLimitFor("/admin/logos")).toBe(5 * 1024 * 1024 + 64 * 1024);
    expect(bodyLimitFor("/contact")).toBe(FORM_BODY_LIMIT);
    expect(FORM_BODY_LIMIT).toBe(100 * 1024);

    setEnv(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32), UPLOAD_MAX_BYTES: String(1024 * 1024) }));
    expect(bodyLimitFor("/admin/hero.data")).toBe(1024 * 1024 + MULTIPART_OVERHEAD_BYTES);
    expect(uploadBodyLimit(1024 * 1024)).toBe(1024 * 1024 + MULTIPART_OVERHEAD_BYTES);
    // An item's form uploads up to 6 pictures with one save.
    expect(bodyLimitFor("/admin/inventory.data")).toBe(6 * 1024 * 1024 + MULTIPART_OVERHEAD_BYTES);
    expect(bodyLimitFor("/quotation")).toBe(FORM_BODY_LIMIT);
  });
});
