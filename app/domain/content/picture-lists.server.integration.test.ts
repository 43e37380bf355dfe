import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, galleryItems, heroImages, logos } from "~/db/schema";
import { heroSeed, logoSeed } from "~/db/seed/content";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { UPLOAD_EMPTY, UPLOAD_MISSING, UPLOAD_WRONG_TYPE } from "~/domain/media/upload";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { mediaDir } from "~/lib/storage/local.server";
import type { Storage } from "~/lib/storage/storage";
import { getStorage, setStorage } from "~/lib/storage/storage.server";
import { makeImage } from "../../../tests/support/images";
import { listHeroImages, listLogos } from "./company.server";
import { PICTURE_LIST_ERRORS, type PictureListName } from "./picture-lists";
import { deletePicture, listPictures, movePicture, reorderPictures, uploadPicture } from "./picture-lists.server";

const actor: AuditActor = { userId: null, label: "tester@example.com", ipAddress: "203.0.113.7", userAgent: "vitest" };
const FIVE_MB = 5 * 1024 * 1024;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const TABLES = { logos, hero: heroImages, gallery: galleryItems } as const;

const LOGO_IDS = logoSeed.map((l) => l.id!);
const HERO_IDS = heroSeed.map((h) => h.id!);

// Copied into a fresh array: File takes only bytes on a plain ArrayBuffer.
const fileOf = (bytes: Uint8Array | string, name: string, type = "image/png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

function uploadForm(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("file", file);
  return form;
}

const fieldsFor = (list: PictureListName, label: string): Record<string, string> =>
  list === "logos" ? { name: label } : { alt: label };

/** Every stored file, relative to the media folder. */
function storedFiles(): string[] {
  const root = mediaDir(getEnv().dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** The list's rows in their order: id and position. */
async function order(list: PictureListName): Promise<string[]> {
  return (await listPictures(getDb(), list)).map((i) => i.id);
}

async function sortOrders(list: PictureListName) {
  const t = TABLES[list];
  const rows = await getDb().select({ id: t.id, sortOrder: t.sortOrder }).from(t);
  return Object.fromEntries(rows.map((r) => [r.id, r.sortOrder]));
}

const auditActions = async () =>
  (await getDb().select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.createdAt)).map((r) => r.action);

beforeAll(async () => {
  await seedDatabase(getDb());
});

// Every test starts from the seed's pictures, no uploaded files and an empty audit log.
beforeEach(async () => {
  const db = getDb();
  await db.delete(logos);
  await db.delete(heroImages);
  await db.insert(logos).values(logoSeed);
  await db.insert(heroImages).values(heroSeed);
  await db.delete(auditLog);
  rmSync(mediaDir(getEnv().dataDir), { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  setStorage(undefined);
});

describe("listPictures", () => {
  it("lists the seed's logos and hero pictures in order, as pictures shipped under /images/", async () => {
    expect(await listPictures(getDb(), "logos")).toEqual([
      { id: LOGO_IDS[0], label: "Utsab emblem", picture: { src: "/images/logos/utsab-mark.webp" }, uploaded: false },
      {
        id: LOGO_IDS[1],
        label: "Utsab Events",
        picture: { src: "/images/logos/utsab-wordmark.webp" },
        uploaded: false,
      },
    ]);
    const hero = await listPictures(getDb(), "hero");
    expect(hero.map((h) => h.id)).toEqual(HERO_IDS);
    expect(hero[0]).toMatchObject({ label: heroSeed[0]!.alt, picture: { src: "/images/hero/hero-1.webp" } });
  });
});

describe.each(["logos", "hero"] as const)("uploadPicture (%s)", (list) => {
  it("stores the picture's widths, adds the row at the end with an audit line, and the storefront shows it at once", async () => {
    const storefront = list === "logos" ? listLogos : listHeroImages;
    expect(await storefront(getDb())).toHaveLength(list === "logos" ? 2 : 4); // now cached
    const result = await uploadPicture(
      getDb(),
      list,
      uploadForm(fieldsFor(list, "  Partner Co  "), fileOf(await makeImage("jpeg", 1400, 700), "partner.jpg")),
      actor,
    );
    expect(result).toMatchObject({
      ok: true,
      message: list === "logos" ? "Logo uploaded successfully" : "Hero image uploaded successfully",
    });
    const id = (result as { id: string }).id;

    const t = TABLES[list];
    const [row] = await getDb().select().from(t).where(eq(t.id, id));
    const key = row!.image!.key;
    expect(key).toMatch(new RegExp(`^${list}/[0-9a-f-]{36}$`));
    expect(row).toMatchObject({
      imageUrl: `/media/${key}-1280.webp`,
      sortOrder: list === "logos" ? 2 : 4,
      image: {
        key,
        variants: [
          { width: 320, height: 160 },
          { width: 640, height: 320 },
          { width: 1280, height: 640 },
          { width: 1400, height: 700 },
        ],
      },
    });
    expect(list === "logos" ? (row as { name: string }).name : (row as { alt: string }).alt).toBe("Partner Co");
    expect(storedFiles()).toEqual([320, 640, 1280, 1400].map((w) => `${key}-${w}.webp`).sort());
    const stored = await getStorage().get(`${key}-640.webp`);
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(stored!.body).metadata()).width).toBe(640);

    const [audit] = await getDb().select().from(auditLog);
    expect(audit).toMatchObject({
      action: list === "logos" ? "logo.uploaded" : "hero_image.uploaded",
      entityType: list === "logos" ? "logo" : "hero_image",
      entityId: id,
      actorLabel: "tester@example.com",
      ipAddress: "203.0.113.7",
    });

    // The storefront's cached list was cleared: the new picture is last, with its widths for srcset.
    const shown = await storefront(getDb());
    expect(shown.at(-1)).toMatchObject({
      id,
      imageUrl: `/media/${key}-1280.webp`,
      srcSet: [320, 640, 1280, 1400].map((w) => `/media/${key}-${w}.webp ${w}w`).join(", "),
      width: 1280,
      height: 640,
    });
    // The shipped pictures keep their plain address.
    expect(shown[0]).not.toHaveProperty("srcSet");
  });

  it.each([
    [
      "a text file renamed to .jpg",
      () => fileOf("hello, I am only text", "photo.jpg", "image/jpeg"),
      UPLOAD_WRONG_TYPE,
    ],
    ["an SVG", () => fileOf(SVG, "logo.svg", "image/svg+xml"), UPLOAD_WRONG_TYPE],
    ["an SVG renamed to .png", () => fileOf(SVG, "logo.png"), UPLOAD_WRONG_TYPE],
    ["an empty file", () => fileOf(new Uint8Array(0), "empty.png"), UPLOAD_EMPTY],
    ["no file at all", () => new File([], ""), UPLOAD_MISSING],
  ])("refuses %s with its reason, storing nothing", async (_name, file, reason) => {
    const result = await uploadPicture(getDb(), list, uploadForm(fieldsFor(list, "Nope"), file()), actor);
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: list === "logos" ? "Failed to upload logo" : "Failed to upload hero image",
      errors: { file: reason },
      values: fieldsFor(list, "Nope"),
    });
    expect(await order(list)).toEqual(list === "logos" ? LOGO_IDS : HERO_IDS);
    expect(storedFiles()).toEqual([]);
    expect(await auditActions()).toEqual([]);
  });

  it("refuses a 6 MB image over the 5 MB limit without reading it, storing nothing", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await makeImage("png"));
    const result = await uploadPicture(
      getDb(),
      list,
      uploadForm(fieldsFor(list, "Big"), fileOf(big, "big.png")),
      actor,
      {
        maxBytes: FIVE_MB,
      },
    );
    expect(result).toMatchObject({ ok: false, refusal: "invalid", errors: { file: "The image is larger than 5 MB." } });
    expect(await order(list)).toEqual(list === "logos" ? LOGO_IDS : HERO_IDS);
    expect(storedFiles()).toEqual([]);
  });

  it("deletes the stored files again when the row cannot be written, and lets the database's error through", async () => {
    const db = getDb();
    vi.spyOn(db, "transaction").mockRejectedValueOnce(new Error("database went away"));
    const file = fileOf(await makeImage("png", 700, 300), "lost.png");
    // Not a refusal (ADR 0023): it propagates, to be answered 500 and logged once by the error handler.
    await expect(uploadPicture(db, list, uploadForm(fieldsFor(list, "Lost"), file), actor)).rejects.toThrow(
      "database went away",
    );
    expect(storedFiles()).toEqual([]);
    expect(await order(list)).toEqual(list === "logos" ? LOGO_IDS : HERO_IDS);
    expect(await auditActions()).toEqual([]);
  });

  it("writes no row when the storage fails, and leaves no files behind", async () => {
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    const local = getStorage();
    let puts = 0;
    setStorage({
      ...local,
      async put(key, body, type) {
        if (++puts === 2) throw new Error("disk full");
        return local.put(key, body, type);
      },
    });
    const result = await uploadPicture(
      getDb(),
      list,
      uploadForm(fieldsFor(list, "Full"), fileOf(await makeImage("png", 700, 300), "full.png")),
      actor,
    );
    expect(result).toMatchObject({
      ok: false,
      refusal: "unavailable",
      errors: { form: PICTURE_LIST_ERRORS.storeFailed },
    });
    expect(result).not.toHaveProperty("status");
    expect(storedFiles()).toEqual([]);
    expect(await order(list)).toEqual(list === "logos" ? LOGO_IDS : HERO_IDS);
    expect(logged).toHaveBeenCalledWith(expect.anything(), "storing an uploaded picture failed");
  });
});

describe("uploadPicture: the fields beside the file", () => {
  it("requires a logo's name and stores nothing without it, even with a good file", async () => {
    const result = await uploadPicture(
      getDb(),
      "logos",
      uploadForm({ name: "   " }, fileOf(await makeImage("png"), "ok.png")),
      actor,
    );
    expect(result).toMatchObject({ ok: false, refusal: "invalid", errors: { name: "Name is required" } });
    expect(result).not.toHaveProperty("errors.file");
    expect(storedFiles()).toEqual([]);
    expect(await order("logos")).toEqual(LOGO_IDS);
  });

  it("reports the name and the file at once", async () => {
    const result = await uploadPicture(getDb(), "logos", uploadForm({}, fileOf("text", "a.png")), actor);
    expect(result).toMatchObject({ errors: { name: "Name is required", file: UPLOAD_WRONG_TYPE } });
  });

  it("takes a hero picture without a description, and refuses one too long", async () => {
    const png = await makeImage("png", 400, 200);
    expect(await uploadPicture(getDb(), "hero", uploadForm({}, fileOf(png, "a.png")), actor)).toMatchObject({
      ok: true,
    });
    const long = await uploadPicture(
      getDb(),
      "hero",
      uploadForm({ alt: "x".repeat(301) }, fileOf(png, "a.png")),
      actor,
    );
    expect(long).toMatchObject({ ok: false, errors: { alt: PICTURE_LIST_ERRORS.altTooLong } });
  });
});

describe.each(["logos", "hero"] as const)("deletePicture (%s)", (list) => {
  it("deletes an uploaded picture's row and files, with an audit line, and the storefront drops it at once", async () => {
    const uploaded = await uploadPicture(
      getDb(),
      list,
      uploadForm(fieldsFor(list, "Short-lived"), fileOf(await makeImage("png", 700, 350), "s.png")),
      actor,
    );
    const id = (uploaded as { id: string }).id;
    expect(storedFiles()).toHaveLength(3);
    const storefront = list === "logos" ? listLogos : listHeroImages;
    expect((await storefront(getDb())).map((p) => p.id)).toContain(id);

    const result = await deletePicture(getDb(), list, { id }, actor);
    expect(result).toMatchObject({
      ok: true,
      message: list === "logos" ? "Logo deleted successfully" : "Hero image deleted successfully",
    });
    expect(storedFiles()).toEqual([]);
    expect(await order(list)).toEqual(list === "logos" ? LOGO_IDS : HERO_IDS);
    expect((await storefront(getDb())).map((p) => p.id)).not.toContain(id);
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, list === "logos" ? "logo.deleted" : "hero_image.deleted"));
    expect(line).toMatchObject({ entityId: id, summary: expect.stringContaining("Short-lived") });
  });

  it("deletes a seed picture's row but never tries to delete its file under /images/", async () => {
    const local = getStorage();
    const deleted: string[] = [];
    setStorage({ ...local, delete: async (key) => void deleted.push(key) } satisfies Storage);
    const id = (list === "logos" ? LOGO_IDS : HERO_IDS)[0]!;
    expect(await deletePicture(getDb(), list, { id }, actor)).toMatchObject({ ok: true });
    expect(await order(list)).not.toContain(id);
    expect(deleted).toEqual([]);
  });

  it.each([
    ["an id that is not in the list", "00000000-0000-4000-8000-000000000000"],
    ["something that is not an id", "../../etc/passwd"],
    ["nothing", null],
  ])("refuses %s, changing nothing", async (_name, id) => {
    const result = await deletePicture(getDb(), list, { id }, actor);
    expect(result).toMatchObject({
      ok: false,
      refusal: "not-found",
      message: list === "logos" ? "Failed to delete logo" : "Failed to delete hero image",
      errors: { form: PICTURE_LIST_ERRORS.notFound },
    });
    expect(await order(list)).toEqual(list === "logos" ? LOGO_IDS : HERO_IDS);
    expect(await auditActions()).toEqual([]);
  });

  it("keeps the row deleted when its files cannot be deleted (an unused file, never a row without files)", async () => {
    const uploaded = await uploadPicture(
      getDb(),
      list,
      uploadForm(fieldsFor(list, "Stuck"), fileOf(await makeImage("png", 300, 100), "s.png")),
      actor,
    );
    const id = (uploaded as { id: string }).id;
    const local = getStorage();
    setStorage({ ...local, delete: () => Promise.reject(new Error("network down")) });
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    expect(await deletePicture(getDb(), list, { id }, actor)).toMatchObject({ ok: true });
    expect(await order(list)).not.toContain(id);
    expect(storedFiles()).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.anything(), "deleting a removed picture's files failed");
  });
});

describe.each(["logos", "hero"] as const)("reorderPictures (%s)", (list) => {
  const seedIds = list === "logos" ? LOGO_IDS : HERO_IDS;

  it("saves the whole new order in one statement, with one audit line, and the storefront follows at once", async () => {
    const storefront = list === "logos" ? listLogos : listHeroImages;
    await storefront(getDb()); // cached in the old order
    const wanted = [...seedIds].reverse();
    const result = await reorderPictures(getDb(), list, wanted, actor);
    expect(result).toEqual({ ok: true, message: "Order updated successfully" });
    expect(await order(list)).toEqual(wanted);
    expect(Object.values(await sortOrders(list)).sort()).toEqual(seedIds.map((_, i) => i));
    expect((await storefront(getDb())).map((p) => p.id)).toEqual(wanted);

    // One UPDATE wrote every moved row: one transaction (xmin) and one command within it (cmin).
    const t = TABLES[list];
    const written = await queryRows<{ xmin: string; cmin: string }>(
      getDb(),
      sql`select xmin::text as xmin, cmin::text as cmin from ${t}`,
    );
    expect(new Set(written.map((r) => `${r.xmin}/${r.cmin}`)).size).toBe(1);

    const lines = await getDb().select().from(auditLog);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: list === "logos" ? "logos.reordered" : "hero_images.reordered",
      changes: { order: { from: seedIds, to: wanted } },
    });
  });

  it("writes nothing when the order is the same", async () => {
    expect(await reorderPictures(getDb(), list, seedIds, actor)).toMatchObject({ ok: true });
    expect(await auditActions()).toEqual([]);
  });

  const other = "00000000-0000-4000-8000-000000000000";
  it.each([
    ["one id missing", () => seedIds.slice(1), PICTURE_LIST_ERRORS.orderStale, "conflict"],
    ["an id that is not in the list", () => [...seedIds.slice(1), other], PICTURE_LIST_ERRORS.orderStale, "conflict"],
    ["an extra id", () => [...seedIds, other], PICTURE_LIST_ERRORS.orderStale, "conflict"],
    ["an id twice", () => [...seedIds, seedIds[0]!], PICTURE_LIST_ERRORS.orderInvalid, "invalid"],
    [
      "something that is not an id",
      () => [...seedIds.slice(1), "1; drop table logos"],
      PICTURE_LIST_ERRORS.orderInvalid,
      "invalid",
    ],
    ["an empty list", () => [], PICTURE_LIST_ERRORS.orderInvalid, "invalid"],
    ["not a list", () => "abc", PICTURE_LIST_ERRORS.orderInvalid, "invalid"],
  ])("refuses %s with a clear message, writing nothing", async (_name, ids, reason, refusal) => {
    const before = await sortOrders(list);
    const result = await reorderPictures(getDb(), list, ids(), actor);
    expect(result).toEqual({
      ok: false,
      refusal,
      message: "Failed to update order",
      errors: { form: reason },
    });
    expect(await sortOrders(list)).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });
});

describe.each(["logos", "hero"] as const)("movePicture (%s)", (list) => {
  const seedIds = list === "logos" ? LOGO_IDS : HERO_IDS;

  it("moves a picture down and back up, each with an audit line", async () => {
    const [first, second] = seedIds as [string, string];
    expect(await movePicture(getDb(), list, { id: first, direction: "down" }, actor)).toMatchObject({
      ok: true,
      message: "Order updated successfully",
    });
    expect((await order(list)).slice(0, 2)).toEqual([second, first]);
    expect(await movePicture(getDb(), list, { id: first, direction: "up" }, actor)).toMatchObject({ ok: true });
    expect(await order(list)).toEqual(seedIds);
    const reordered = list === "logos" ? "logos.reordered" : "hero_images.reordered";
    expect(await auditActions()).toEqual([reordered, reordered]);
  });

  it("leaves the first picture first when asked to move it up, and the last last", async () => {
    await movePicture(getDb(), list, { id: seedIds[0], direction: "up" }, actor);
    await movePicture(getDb(), list, { id: seedIds.at(-1), direction: "down" }, actor);
    expect(await order(list)).toEqual(seedIds);
    expect(await auditActions()).toEqual([]);
  });

  it("refuses an unknown picture, changing nothing", async () => {
    const result = await movePicture(
      getDb(),
      list,
      { id: "00000000-0000-4000-8000-000000000000", direction: "up" },
      actor,
    );
    expect(result).toMatchObject({ ok: false, refusal: "not-found", message: "Failed to update order" });
    expect(await order(list)).toEqual(seedIds);
  });
});

describe("the two lists are apart", () => {
  it("never reorders or deletes a row of the other list", async () => {
    expect(await reorderPictures(getDb(), "hero", [...LOGO_IDS].reverse(), actor)).toMatchObject({ ok: false });
    expect(await deletePicture(getDb(), "hero", { id: LOGO_IDS[0] }, actor)).toMatchObject({
      ok: false,
      refusal: "not-found",
    });
    expect(await order("logos")).toEqual(LOGO_IDS);
    expect(await auditActions()).toEqual([]);
  });
});
