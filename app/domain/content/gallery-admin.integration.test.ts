// The Gallery screen's use cases (issue 11): uploading a picture with its caption, category and tags, changing those
// later, reordering and deleting; the storefront's gallery (and its category filter) shows each change at once, and
// every refusal names its field and writes nothing (no row, no audit line, no file).
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, galleryItems } from "~/db/schema";
import { gallerySeed } from "~/db/seed/content";
import type { AuditActor } from "~/domain/audit/audit.server";
import { UPLOAD_MISSING, UPLOAD_WRONG_TYPE } from "~/domain/media/upload";
import { getEnv } from "~/lib/env.server";
import { mediaDir } from "~/lib/storage/local.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { makeImage } from "../../../tests/support/images";
import { listGalleryItems } from "./gallery.server";
import { PICTURE_LIST_ERRORS } from "./picture-lists";
import { deletePicture, listPictures, reorderPictures, updateGalleryItem, uploadPicture } from "./picture-lists.server";

const actor: AuditActor = { userId: null, label: "staff@example.com", ipAddress: "203.0.113.7", userAgent: "vitest" };
const SEED_IDS = gallerySeed.map((g) => g.id!);

beforeEach(async () => {
  await getDb().delete(galleryItems);
  await getDb().insert(galleryItems).values(gallerySeed);
  await getDb().delete(auditLog);
  rmSync(mediaDir(getEnv().dataDir), { recursive: true, force: true });
});

function storedFiles(): string[] {
  const root = mediaDir(getEnv().dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

const fingerprint = async () => ({ ...(await tableFingerprint(["gallery_items", "audit_log"])), files: storedFiles() });

async function form(fields: Record<string, string>, file?: File | null): Promise<FormData> {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  if (file !== null) data.set("file", file ?? new File([new Uint8Array(await makeImage("jpeg", 800, 600))], "a.jpg"));
  return data;
}

const GOOD = { intent: "upload", title: "Rooftop Iftar", category: "corporate", tags: "lighting, Rooftop,lighting" };

describe("uploading a gallery picture", () => {
  it("adds it at the end with its caption, category and tags, and the gallery page shows it at once", async () => {
    expect(await listGalleryItems(getDb(), "corporate")).toHaveLength(1); // now cached
    const result = await uploadPicture(getDb(), "gallery", await form(GOOD), actor);
    expect(result).toMatchObject({ ok: true, message: "Gallery item uploaded successfully" });
    const id = (result as { id: string }).id;
    const [row] = await getDb().select().from(galleryItems).where(eq(galleryItems.id, id));
    expect(row).toMatchObject({
      title: "Rooftop Iftar",
      category: "corporate",
      tags: ["lighting", "Rooftop"],
      sortOrder: 6,
      imageUrl: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-800\.webp$/),
    });
    expect(storedFiles().every((f) => f.startsWith(row!.image!.key))).toBe(true);
    const shown = await listGalleryItems(getDb(), "corporate");
    expect(shown.map((g) => g.title)).toEqual(["Telecom Annual Conference", "Rooftop Iftar"]);
    // Phones get the uploaded picture's smaller widths; the shipped one keeps its own small copy (no srcset here).
    expect(shown[1]!.srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-800\.webp 800w$/);
    expect(shown[0]!.srcSet).toBeNull();
    expect((await listPictures(getDb(), "gallery")).at(-1)).toMatchObject({
      id,
      label: "Rooftop Iftar",
      category: "corporate",
      tags: ["lighting", "Rooftop"],
      uploaded: true,
    });
    const [line] = await getDb().select().from(auditLog);
    expect(line).toMatchObject({ action: "gallery_item.uploaded", entityType: "gallery_item", entityId: id });
  });

  const refusals: [string, Record<string, string>, File | null | undefined, string, string][] = [
    ["no caption", { title: "  " }, undefined, "title", PICTURE_LIST_ERRORS.captionRequired],
    ["a caption too long", { title: "x".repeat(121) }, undefined, "title", PICTURE_LIST_ERRORS.captionTooLong],
    ["a caption over two lines", { title: "Line\nbreak" }, undefined, "title", PICTURE_LIST_ERRORS.captionInvalid],
    ["no category", { category: "" }, undefined, "category", PICTURE_LIST_ERRORS.categoryRequired],
    [
      "a category not of the six",
      { category: "birthday" },
      undefined,
      "category",
      PICTURE_LIST_ERRORS.categoryRequired,
    ],
    ["a tag too long", { tags: `ok, ${"t".repeat(41)}` }, undefined, "tags", PICTURE_LIST_ERRORS.tagTooLong],
    [
      "too many tags",
      { tags: Array.from({ length: 13 }, (_, i) => `t${i}`).join(",") },
      undefined,
      "tags",
      PICTURE_LIST_ERRORS.tooManyTags,
    ],
    ["no file", {}, null, "file", UPLOAD_MISSING],
    ["a text file called .jpg", {}, new File(["just text"], "x.jpg"), "file", UPLOAD_WRONG_TYPE],
  ];

  it.each(refusals)(
    "refuses %s, naming the field, writing and storing nothing",
    async (_n, change, file, field, message) => {
      const before = await fingerprint();
      const result = await uploadPicture(getDb(), "gallery", await form({ ...GOOD, ...change }, file), actor);
      expect(result).toMatchObject({
        ok: false,
        refusal: "invalid",
        message: "Failed to upload gallery item",
        errors: { [field]: message },
        values: { title: GOOD.title, category: GOOD.category, tags: GOOD.tags, ...change },
      });
      expect(await fingerprint()).toEqual(before);
    },
  );
});

describe("changing a picture's caption, category and tags", () => {
  it("saves them with an audit line, and the gallery page and its category filter follow at once", async () => {
    const id = SEED_IDS[1]!; // the wedding picture
    expect((await listGalleryItems(getDb(), "concert")).map((g) => g.id)).toEqual([SEED_IDS[2]]);
    const result = await updateGalleryItem(
      getDb(),
      await form({ id, title: "Holud Night", category: "concert", tags: "holud, stage" }, null),
      actor,
    );
    expect(result).toEqual({ ok: true, message: "Gallery item updated successfully", id });
    expect((await listGalleryItems(getDb(), "concert")).map((g) => g.title)).toEqual([
      "Holud Night",
      "Open-Air Concert Rig",
    ]);
    expect(await listGalleryItems(getDb(), "wedding")).toEqual([]);
    const [line] = await getDb().select().from(auditLog);
    expect(line).toMatchObject({
      action: "gallery_item.updated",
      entityId: id,
      changes: { title: { from: "Grand Wedding Reception", to: "Holud Night" } },
    });
  });

  it("writes no audit line for a save that changes nothing", async () => {
    const seed = gallerySeed[0]!;
    const same = { id: seed.id!, title: seed.title, category: seed.category, tags: seed.tags!.join(", ") };
    expect(await updateGalleryItem(getDb(), await form(same, null), actor)).toMatchObject({ ok: true });
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  it.each([
    [
      "an unknown id",
      { id: "00000000-0000-4000-8000-000000000000" },
      "form",
      PICTURE_LIST_ERRORS.notFound,
      "not-found",
    ],
    ["a malformed id", { id: "../1" }, "form", PICTURE_LIST_ERRORS.notFound, "not-found"],
    ["an empty caption", { title: "" }, "title", PICTURE_LIST_ERRORS.captionRequired, "invalid"],
    ["an unknown category", { category: "sports" }, "category", PICTURE_LIST_ERRORS.categoryRequired, "invalid"],
  ])(
    "refuses %s with the field's message and the spec-style toast, changing nothing",
    async (_n, change, field, message, refusal) => {
      const before = await fingerprint();
      const fields = { id: SEED_IDS[0]!, title: "New caption", category: "wedding", tags: "", ...change };
      const result = await updateGalleryItem(getDb(), await form({ intent: "update", ...fields }, null), actor);
      expect(result).toMatchObject({
        ok: false,
        refusal,
        message: "Failed to update gallery item",
        errors: { [field]: message },
      });
      expect(await fingerprint()).toEqual(before);
    },
  );
});

describe("ordering and deleting", () => {
  it("reorders the gallery, and the page shows the new order at once", async () => {
    await listGalleryItems(getDb());
    const wanted = [...SEED_IDS].reverse();
    expect(await reorderPictures(getDb(), "gallery", wanted, actor)).toMatchObject({ ok: true });
    expect((await listGalleryItems(getDb())).map((g) => g.id)).toEqual(wanted);
    const [line] = await getDb().select().from(auditLog);
    expect(line).toMatchObject({ action: "gallery_items.reordered", summary: "Reordered the gallery" });
  });

  it("deletes an uploaded picture's row and files, and the page drops it at once", async () => {
    const uploaded = await uploadPicture(getDb(), "gallery", await form(GOOD), actor);
    const id = (uploaded as { id: string }).id;
    expect((await listGalleryItems(getDb(), "corporate")).map((g) => g.id)).toContain(id);
    expect(await deletePicture(getDb(), "gallery", { id }, actor)).toMatchObject({
      ok: true,
      message: "Gallery item deleted successfully",
    });
    expect(storedFiles()).toEqual([]);
    expect((await listGalleryItems(getDb(), "corporate")).map((g) => g.id)).not.toContain(id);
  });
});
