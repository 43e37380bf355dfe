import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { UNKNOWN_INTENT_MESSAGE } from "~/domain/auth/guard.server";
import { inventoryItems } from "~/db/schema";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  cookieHeader,
  routeArgs,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { loader as exportLoader } from "./inventory-export";
import { action as importAction, loader as importLoader } from "./inventory-import";

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;

const fingerprint = async () =>
  (
    await queryRows<{ h: string | null }>(
      getDb(),
      sql`select md5(string_agg(t::text, ',' order by id)) as h from inventory_items t`,
    )
  )[0]!.h;

/** The import form posted as multipart, with a file or pasted text. */
function importForm(intent: string, content: { file?: File; csv?: string }): FormData {
  const form = new FormData();
  form.set("intent", intent);
  form.set("file", content.file ?? new File([], "", { type: "application/octet-stream" }));
  form.set("csv", content.csv ?? "");
  return form;
}

const postImport = (as: TestUser, form: FormData) => callRoute(importAction, "/admin/inventory/import", { as, form });

beforeAll(async () => {
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff"),
    signedInUser("accountant"),
  ]);
  await getDb()
    .insert(inventoryItems)
    .values([
      { slug: "led-wall", name: "LED Wall", category: "led", price: "5000" },
      { slug: "par-can", name: "=cmd|' /C calc'!A0", category: "lighting", price: "800", status: "booked" },
      { slug: "line-array", name: "Line Array", category: "sound", price: "12000" },
    ]);
});

describe("GET /admin/inventory/export", () => {
  it("sends the filtered list as a CSV attachment named for today", async () => {
    const response = (await callRoute(exportLoader, "/admin/inventory/export?category=lighting", {
      as: staff,
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="inventory-${todayInDhaka()}.csv"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const records: string[][] = parse(await response.text(), { bom: true });
    expect(records).toHaveLength(2);
    expect(records[0]!.slice(0, 2)).toEqual(["Public ID", "Name"]);
    // A name a spreadsheet would run is written as text.
    expect(records[1]!.slice(0, 2)).toEqual(["par-can", "'=cmd|' /C calc'!A0"]);
    const all = (await callRoute(exportLoader, "/admin/inventory/export?sort=price&dir=desc", {
      as: admin,
    })) as Response;
    expect(parse(await all.text(), { bom: true }).map((r: string[]) => r[0])).toEqual([
      "Public ID",
      "line-array",
      "led-wall",
      "par-can",
    ]);
  });

  it("is refused to a role without inventory.view and to nobody", async () => {
    expect((await thrownBy(callRoute(exportLoader, "/admin/inventory/export", { as: accountant }))).status).toBe(403);
    const anonymous = await thrownBy(callRoute(exportLoader, "/admin/inventory/export?q=x", { as: ANONYMOUS }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/inventory/export?q=x")}`);
  });
});

describe("/admin/inventory/import", () => {
  it("opens for inventory.manage only", async () => {
    expect(await callRoute(importLoader, "/admin/inventory/import", { as: staff })).toMatchObject({ maxRows: 5000 });
    expect((await thrownBy(callRoute(importLoader, "/admin/inventory/import", { as: accountant }))).status).toBe(403);
    expect((await thrownBy(postImport(accountant, importForm("preview", { csv: "Name\nA" })))).status).toBe(403);
    expect((await thrownBy(postImport(ANONYMOUS, importForm("import", { csv: "Name\nA" })))).status).toBe(401);
  });

  it("previews an uploaded file, naming each bad row and field, and writes nothing", async () => {
    const before = await fingerprint();
    const file = new File(
      ["Public ID,Name,Category,Price\r\nled-wall,LED Wall,led,5500\r\n,Fog,Lights,-5\r\n,Chair,furniture,150\r\n"],
      "items.csv",
      { type: "text/csv" },
    );
    const { status, body } = answerOf(await postImport(staff, importForm("preview", { file })));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      intent: "preview",
      toast: { type: "error", message: "Nothing was imported: 1 row has problems" },
      preview: {
        ok: false,
        counts: { rows: 3, added: 1, updated: 1, unchanged: 0, bad: 1 },
        rows: [
          { row: 2, action: "update", slug: "led-wall", changes: ["Price"], problems: [] },
          {
            row: 3,
            action: null,
            name: "Fog",
            problems: [
              {
                column: "Category",
                value: "Lights",
                message: expect.stringMatching(/^Unknown category "Lights": use one of lighting, /),
              },
              { column: "Price", value: "-5", message: "Price must be 0 or more" },
            ],
          },
          { row: 4, action: "add", name: "Chair", problems: [] },
        ],
      },
    });
    // The text is carried back, to be corrected in the box.
    expect((body as { csv: string }).csv).toContain("Fog,Lights,-5");
    expect(await fingerprint()).toBe(before);
  });

  it("imports all rows or none, and says how many with a toast after the redirect", async () => {
    const before = await fingerprint();
    const bad = "Name,Category,Price\nTruss,truss,500\nDeck,stage,abc\n";
    const refused = answerOf(await postImport(admin, importForm("import", { csv: bad })));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ formError: "Nothing was imported: 1 row has problems" });
    expect(await fingerprint()).toBe(before);

    const good = "Name,Category,Price\nTruss,truss,500\nDeck,stage,120\n";
    expect(answerOf(await postImport(admin, importForm("preview", { csv: good }))).status).toBe(200);
    const response = (await postImport(admin, importForm("import", { csv: good }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/inventory");
    const cookie = cookieHeader(response.headers.getSetCookie());
    const flash = await takeFlashToast(routeArgs("/admin/inventory", { as: { cookie } }).request);
    expect(flash.toast).toEqual({ type: "success", message: "Imported 2 items" });
    const names = await getDb().select({ slug: inventoryItems.slug }).from(inventoryItems).orderBy(inventoryItems.slug);
    expect(names.map((n) => n.slug)).toEqual(["deck", "led-wall", "line-array", "par-can", "truss"]);
  });

  it("answers a post without a file or text, an unknown intent and a file that is not UTF-8 with a message", async () => {
    const before = await fingerprint();
    expect(answerOf(await postImport(admin, importForm("import", {})))).toMatchObject({
      status: 400,
      body: { formError: "Choose a CSV file or paste its text." },
    });
    // An intent the permission matrix does not list for this page is refused by the guard.
    expect(await thrownBy(postImport(admin, importForm("delete-everything", { csv: "x" })))).toMatchObject({
      status: 400,
      body: UNKNOWN_INTENT_MESSAGE,
    });
    const latin1 = new File([new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9])], "latin1.csv");
    expect(answerOf(await postImport(admin, importForm("preview", { file: latin1 })))).toMatchObject({
      status: 400,
      body: { formError: expect.stringMatching(/^The file is not UTF-8 text/) },
    });
    const big = new File(["x".repeat(2 * 1024 * 1024 + 1)], "big.csv");
    expect(answerOf(await postImport(admin, importForm("import", { file: big })))).toMatchObject({
      status: 413,
      body: { formError: "The file is larger than 2 MB, the most one import takes. Split it into smaller files." },
    });
    expect(await fingerprint()).toBe(before);
  });
});
