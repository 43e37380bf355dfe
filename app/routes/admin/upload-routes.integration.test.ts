import { beforeAll, describe, expect, it } from "vitest";
import { createRequestContext } from "~/lib/request-context";
import { UPLOAD_ROUTE_PATHS } from "~/lib/upload-routes";
import {
  ANONYMOUS,
  answerOf,
  routeArgs,
  signedInUser,
  TEST_CLIENT_ADDRESS,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { action as events } from "./events";
import { action as gallery } from "./gallery";
import { action as hero } from "./hero";
import { action as inventory } from "./inventory";
import { action as inventoryImport } from "./inventory-import";
import { action as logos } from "./logos";
import { action as pictureUpload } from "./picture-upload";
import { action as statementImport } from "./accounts/reconciliation-import";

// Issue 19, security point 1: an upload route's action knows the signed-in user's permission before it reads a
// byte of the body, so a post it refuses costs no memory (the server hands the body over unread: tests/e2e/
// upload-limits.spec.ts proves that end to end). Each post here is a 31 MB body made only as it is read.

type Action = (args: never) => Promise<unknown>;

const ACTIONS: Record<string, Action> = {
  "/admin/inventory": inventory,
  "/admin/events": events,
  "/admin/logos": logos,
  "/admin/logos/upload": pictureUpload,
  "/admin/hero": hero,
  "/admin/hero/upload": pictureUpload,
  "/admin/gallery": gallery,
  "/admin/gallery/upload": pictureUpload,
  "/admin/inventory/import": inventoryImport,
  "/admin/accounts/reconciliation/import": statementImport,
};

/** A multipart body of `size` bytes, counting what was read of it. */
function countedBody(size: number) {
  let read = 0;
  const chunk = new Uint8Array(64 * 1024).fill(97);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read >= size) return controller.close();
        read += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

function bigPost(path: string, who: Pick<TestUser, "cookie">) {
  const body = countedBody(31 * 1024 * 1024);
  const headers = new Headers({ "content-type": "multipart/form-data; boundary=x", origin: "http://localhost" });
  if (who.cookie) headers.set("cookie", who.cookie);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: body.stream,
    duplex: "half",
  } as RequestInit);
  const args = { request, params: {}, context: createRequestContext({ clientAddress: TEST_CLIENT_ADDRESS }) };
  return { args: args as never, read: body.read };
}

let staff: TestUser;
let accountant: TestUser;
let customer: TestUser;

beforeAll(async () => {
  [staff, accountant, customer] = await Promise.all([
    signedInUser("staff"),
    signedInUser("accountant"),
    signedInUser("customer"),
  ]);
});

describe("upload routes refuse a post before reading its body", () => {
  it("covers every upload route", () => expect(Object.keys(ACTIONS).sort()).toEqual([...UPLOAD_ROUTE_PATHS].sort()));

  it.each(Object.keys(ACTIONS))(
    "%s: anonymous 401, a customer 401, a role without the permission 403",
    async (path) => {
      const action = ACTIONS[path]!;
      // Staff manage inventory, events and the gallery; not the site's logos and hero pictures, nor the books.
      const withoutPermission = /logos|hero|accounts/.test(path) ? staff : accountant;
      for (const [who, status] of [
        [ANONYMOUS, 401],
        [customer, 401],
        [withoutPermission, 403],
      ] as const) {
        const post = bigPost(path, who);
        expect((await thrownBy(action(post.args))).status).toBe(status);
        expect(post.read()).toBe(0);
      }
    },
  );
});

describe("a signed-in upload within and over UPLOAD_MAX_BYTES", () => {
  const MB = 1024 * 1024;
  const itemForm = (files: File[]) => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("name", "Upload limit truss");
    form.set("category", "truss");
    form.set("inventoryType", "rental-item");
    form.set("unitPrice", "1200");
    form.set("priceUnit", "pcs/day");
    for (const file of files) form.append("newImages", file);
    form.set("description", "typed after the pictures");
    return form;
  };

  it("refuses an item's picture over the limit with 413, naming it, keeping what was typed and storing nothing", async () => {
    const form = itemForm([
      new File([new Uint8Array(1024)], "small.png", { type: "image/png" }),
      new File([new Uint8Array(5 * MB + 1)], "big.png", { type: "image/png" }),
    ]);
    const before = await tableFingerprint(["inventory_items", "audit_log"]);
    const answer = answerOf<{ errors: Record<string, string>; values: { name: string; description: string } }>(
      await inventory(routeArgs("/admin/inventory?new=1", { as: staff, form }) as never),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual({ newImages: "big.png: The image is larger than 5 MB." });
    expect(answer.body.values).toMatchObject({ name: "Upload limit truss", description: "typed after the pictures" });
    expect(await tableFingerprint(["inventory_items", "audit_log"])).toEqual(before);
  });

  it("refuses more pictures than one save takes with 413", async () => {
    const files = Array.from({ length: 7 }, (_, i) => new File([new Uint8Array(10)], `${i}.png`));
    const answer = answerOf<{ errors: Record<string, string> }>(
      await inventory(routeArgs("/admin/inventory?new=1", { as: staff, form: itemForm(files) }) as never),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual({ form: "At most 6 files can be sent at once." });
  });
});
