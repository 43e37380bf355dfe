import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CSV_IMPORT_LIMITS } from "../domain/inventory/inventory-csv";
import { loadEnv, setEnv } from "./env.server";
import { bodyLimitFor, FORM_BODY_LIMIT } from "./http-handler.server";
import { MULTIPART_OVERHEAD_BYTES, UPLOAD_ROUTE_PATHS, uploadLimits, uploadRouteFor } from "./upload-routes";

describe("uploadRouteFor", () => {
  it.each([
    ...UPLOAD_ROUTE_PATHS,
    "/admin/logos/",
    "/admin/logos.data",
    "/admin/hero.data",
    "/admin/inventory.data",
    "/admin/events.data",
    "/admin/gallery/upload",
    "/Admin/Logos",
  ])("lets %s carry an upload", (pathname) => expect(uploadRouteFor(pathname)).not.toBeNull());

  // Issue 19: a path below an upload route is not one (the large limit went by prefix, so an anonymous post to
  // /admin/events/x was read whole before its 401).
  it.each([
    "/",
    "/admin",
    "/admin/logout",
    "/admin/logosx",
    "/admin/heroes",
    "/admin/hero-images",
    "/admin/events/x",
    "/admin/events/x.data",
    "/admin/inventory/led-wall-p3/edit",
    "/admin/inventory/new.data",
    "/admin/inventory/part-options",
    "/admin/gallery/0b8e6f1c",
    "/admin/logos/upload/x",
    "/contact",
    "/quotation.data",
    "/api/email/quotation",
    "/media/admin/logos",
    "/constructor",
    "/__proto__",
  ])("keeps %s to the form limit", (pathname) => expect(uploadRouteFor(pathname)).toBeNull());
});

describe("bodyLimitFor", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "upload-routes-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const fields = 100 * 1024 + MULTIPART_OVERHEAD_BYTES;

  it("gives upload routes UPLOAD_MAX_BYTES for each file and room for the rest of the form; every other path 100 KB", () => {
    setEnv(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) }));
    expect(bodyLimitFor("/admin/logos")).toBe(5 * 1024 * 1024 + fields);
    expect(bodyLimitFor("/contact")).toBe(FORM_BODY_LIMIT);
    expect(FORM_BODY_LIMIT).toBe(100 * 1024);

    setEnv(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32), UPLOAD_MAX_BYTES: String(1024 * 1024) }));
    expect(bodyLimitFor("/admin/hero.data")).toBe(1024 * 1024 + fields);
    // An item's form uploads up to 6 pictures with one save.
    expect(bodyLimitFor("/admin/inventory.data")).toBe(6 * 1024 * 1024 + fields);
    expect(bodyLimitFor("/admin/inventory/x.data")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/events/x")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/quotation")).toBe(FORM_BODY_LIMIT);
  });

  it("holds the CSV import to its own 2 MB, whatever UPLOAD_MAX_BYTES is", () => {
    const limits = uploadLimits(uploadRouteFor("/admin/inventory/import")!, 64 * 1024 * 1024);
    expect(limits).toEqual({
      files: 1,
      fileBytes: CSV_IMPORT_LIMITS.bytes,
      fieldBytes: 2 * 1024 * 1024,
      bodyBytes: 4 * 1024 * 1024 + MULTIPART_OVERHEAD_BYTES,
    });
  });
});
