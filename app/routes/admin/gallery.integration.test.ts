// The Gallery screen through its loader and action, and its upload endpoint (issue 11): staff may manage the
// gallery (but not the logos and hero pictures), the accountant may not; a saved Edit dialog goes back to the
// screen with the toast, a refused one answers with the dialog's messages; an Edit link to a picture that is gone
// says so.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { galleryItems } from "~/db/schema";
import { gallerySeed } from "~/db/seed/content";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { makeImage } from "../../../tests/support/images";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { action, loader } from "./gallery";
import { action as uploadAction } from "./picture-upload";

let staff: TestUser;
let accountant: TestUser;
const FIRST = gallerySeed[0]!.id!;

beforeAll(async () => {
  await getDb().insert(galleryItems).values(gallerySeed);
  [staff, accountant] = await Promise.all([signedInUser("staff"), signedInUser("accountant")]);
});

async function uploadForm(): Promise<FormData> {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("title", "Staff Upload");
  form.set("category", "exhibition");
  form.set("tags", "booth");
  form.set("file", new File([new Uint8Array(await makeImage("png", 300, 200))], "booth.png"));
  return form;
}

describe("the Gallery screen", () => {
  it("lets staff upload through the endpoint the screen's progress bar uses", async () => {
    const response = (await callRoute(uploadAction, "/admin/gallery/upload", {
      as: staff,
      form: await uploadForm(),
    })) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, toast: { message: "Gallery item uploaded successfully" } });
    const listed = await callRoute(loader, "/admin/gallery", { as: staff });
    expect(listed.items.at(-1)).toMatchObject({ label: "Staff Upload", category: "exhibition", tags: ["booth"] });
  });

  it("keeps the logos and hero pictures to administrators, and the gallery from the accountant", async () => {
    const before = await tableFingerprint(["gallery_items", "logos", "audit_log"]);
    const logo = new FormData();
    logo.set("intent", "upload");
    expect((await thrownBy(callRoute(uploadAction, "/admin/logos/upload", { as: staff, form: logo }))).status).toBe(
      403,
    );
    expect(
      (await thrownBy(callRoute(uploadAction, "/admin/gallery/upload", { as: accountant, form: await uploadForm() })))
        .status,
    ).toBe(403);
    expect((await thrownBy(callRoute(loader, "/admin/gallery", { as: accountant }))).status).toBe(403);
    expect(await tableFingerprint(["gallery_items", "logos", "audit_log"])).toEqual(before);
  });

  it("opens Edit by the URL; a save goes back to the screen with the toast, a refusal keeps the dialog's messages", async () => {
    const opened = await callRoute(loader, `/admin/gallery?edit=${FIRST.toUpperCase()}`, { as: staff });
    expect(opened.editing).toMatchObject({ id: FIRST, label: gallerySeed[0]!.title });

    const refused = answerOf<{ intent: string; errors: Record<string, string>; values: Record<string, string> }>(
      await callRoute(action, `/admin/gallery?edit=${FIRST}`, {
        as: staff,
        form: { intent: "update", id: FIRST, title: "Kept", category: "nope", tags: "" },
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { intent: "update", errors: { category: "Choose a category" }, values: { title: "Kept" } },
    });

    const saved = (await callRoute(action, `/admin/gallery?edit=${FIRST}`, {
      as: staff,
      form: { intent: "update", id: FIRST, title: "Telecom Gala", category: "corporate", tags: "gala" },
    })) as Response;
    expect(saved.headers.get("location")).toBe("/admin/gallery");
    expect(flashToast(saved)).toEqual({ type: "success", message: "Gallery item updated successfully" });
    const [row] = await getDb().select().from(galleryItems).where(eq(galleryItems.id, FIRST));
    expect(row).toMatchObject({ title: "Telecom Gala", tags: ["gala"] });
  });

  it("sends an Edit link to a picture that is gone back to the screen, saying so", async () => {
    const thrown = await thrownBy(
      callRoute(loader, "/admin/gallery?edit=00000000-0000-4000-8000-000000000000", { as: staff }),
    );
    expect(thrown.location).toBe("/admin/gallery");
  });
});
