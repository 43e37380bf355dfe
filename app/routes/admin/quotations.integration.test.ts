// The Quotation Management routes (issue 10): the list's filters, search and sort; the details panel with each
// line's availability on the event's dates; sending from the panel; approve and reject from the list; a
// revision's PDF; the availability month; and who may do what.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { emailOutbox, inventoryItems, jobs, quotationLines, quotations } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getEnv, setEnv } from "~/lib/env.server";
import * as availability from "./quotation-availability";
import * as pdf from "./quotation-pdf";
import * as productOptions from "./quotation-product-options";
import { action, loader } from "./quotations";

let staff: TestUser;
let accountant: TestUser;
const TABLES = ["quotations", "quotation_lines", "quotation_revisions", "quotation_events", "email_outbox"] as const;

beforeAll(async () => {
  await seedDatabase(getDb());
  [staff, accountant] = await Promise.all([signedInUser("staff"), signedInUser("accountant")]);
});

const list = (path: string, as: TestUser = staff) => callRoute(loader, path, { as });

/** The panel's form for a quotation of one line, as the browser posts it. */
async function oneLineForm(id: string, item: string, intent: string, quantity: string, unitPrice: string) {
  const [line] = await getDb().select().from(quotationLines).where(eq(quotationLines.quotationId, id));
  const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, id));
  return {
    intent,
    id,
    version: stored!.updatedAt.toISOString(),
    lineId: line!.id,
    itemId: item,
    lineName: "x",
    quantity,
    unitPrice,
  };
}

describe("/admin/quotations list", () => {
  it("filters by status, searches name, e-mail and event, and sorts by event date", async () => {
    const item = await insertItem("Searchable Stage", 2);
    await insertQuotation("pending", "rahim@list.test", [[item, 1]], {
      customerName: "Rahim Uddin",
      eventName: "Zeta Concert",
      eventDate: "2027-06-01",
    });
    await insertQuotation("sent", "karim@list.test", [[item, 1]], {
      customerName: "Karim Ali",
      eventName: "Alpha Wedding",
      eventDate: "2027-05-01",
    });
    await insertQuotation("approved", "nasrin@list.test", [[item, 1]], {
      customerName: "Nasrin",
      eventName: "Mid Gala",
      eventDate: "2027-05-15",
    });

    const byEvent = await list("/admin/quotations?q=list.test&sort=event");
    expect(byEvent.page.rows.map((r) => r.eventName)).toEqual(["Alpha Wedding", "Mid Gala", "Zeta Concert"]);
    expect((await list("/admin/quotations?q=list.test&status=sent")).page.rows.map((r) => r.customerName)).toEqual([
      "Karim Ali",
    ]);
    expect((await list("/admin/quotations?q=rahim")).page.rows.map((r) => r.email)).toEqual(["rahim@list.test"]);
    expect((await list("/admin/quotations?q=gala")).page.rows.map((r) => r.eventName)).toEqual(["Mid Gala"]);
    // An unknown status is no filter; a search with SQL's wildcards matches them literally.
    expect((await list("/admin/quotations?q=list.test&status=bogus")).page.total).toBe(3);
    expect((await list("/admin/quotations?q=%25")).page.total).toBe(0);
  });

  it("opens the details panel from ?view=<id> with each line's fewest units free on the rental's days", async () => {
    const lights = await insertItem("Panel Par Light", 10, "300");
    const other = await insertQuotation("approved", "other@panel.test", [[lights, 7]], {
      eventDate: "2027-08-02",
    });
    const q = await insertQuotation("pending", "panel@panel.test", [[lights, 4]], {
      eventDate: "2027-08-01",
      rentalEndDate: "2027-08-03",
    });
    const answer = await list(`/admin/quotations?view=${q.id}`);
    expect(answer.panel?.quotation).toMatchObject({ id: q.id, status: "pending", vatRatePercent: "15.00" });
    expect(answer.panel?.quotation.lines[0]!.freeLeast).toEqual({ free: 3, day: "2027-08-02" });
    expect(other.id).not.toBe(q.id);

    // An unknown or malformed id goes back to the list with the message.
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const thrown = await thrownBy(list(`/admin/quotations?status=pending&view=${id}`));
      expect(thrown.location).toBe("/admin/quotations?status=pending");
    }
  });
});

describe("/admin/quotations/product-options (the panel's product search)", () => {
  const search = (q: string, as: TestUser = staff) =>
    callRoute(productOptions.loader, `/admin/quotations/product-options?q=${encodeURIComponent(q)}`, { as });

  it("offers up to 20 items not archived that match what is typed, by name, with how each is charged", async () => {
    const wanted = await insertItem("Zircon Uplight Bar", 5, "900");
    const gone = await insertItem("Zircon Uplight Old", 5, "900");
    await getDb().update(inventoryItems).set({ archivedAt: new Date() }).where(eq(inventoryItems.id, gone));
    for (let i = 0; i < 25; i++) await insertItem(`Quartz Spot ${String(i).padStart(2, "0")}`, 1, "100");

    const found = (await search("zircon")).options;
    expect(found.map((o) => o.id)).toEqual([wanted]);
    expect(found[0]).toMatchObject({ name: "Zircon Uplight Bar", price: "900.00", rateStructure: null });
    const many = (await search("quartz spot")).options.map((o) => o.name);
    expect(many).toHaveLength(20);
    expect(many[0]).toBe("Quartz Spot 00");
    // Nothing for an empty search: the panel never receives the whole inventory.
    expect((await search("  ")).options).toEqual([]);
  });

  it("is for those who may price quotations: an accountant is refused", async () => {
    expect(await thrownBy(search("zircon", accountant))).toMatchObject({ status: 403 });
  });
});

/** Runs `work` with SMTP_URL set to `smtpUrl` (undefined: e-mail not set up), then puts the environment back. */
async function withSmtp<T>(smtpUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  const original = getEnv();
  setEnv({ ...original, smtpUrl });
  try {
    return await work();
  } finally {
    setEnv(original);
  }
}

describe("/admin/quotations actions", () => {
  it("sends from the panel: a redirect to the panel with the spec's toast, and revision 1 stored", async () => {
    const item = await insertItem("Action Truss", 6, "2500");
    const q = await insertQuotation("pending", "send@action.test", [[item, 2, "2500"]]);
    const form = await oneLineForm(q.id, item, "send", "2", "2400");
    const response = (await withSmtp("smtp://mail.example.com:587", () =>
      callRoute(action, "/admin/quotations?status=pending", { as: staff, form }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/quotations?status=pending&view=${q.id}`);
    expect(flashToast(response)).toEqual({ type: "success", message: "Quotation sent to customer!" });
    const [sent] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(sent).toMatchObject({ status: "sent", revision: 1, total: "5520.00" });
  });

  it("without SMTP_URL says the e-mail waits in the outbox, linking an administrator to the message", async () => {
    const admin = await signedInUser("admin");
    const item = await insertItem("Outbox Truss", 6, "2500");
    for (const [as, linked] of [
      [admin, true],
      [staff, false],
    ] as const) {
      const q = await insertQuotation("pending", `waits-${as.role}@action.test`, [[item, 1, "2500"]]);
      const form = await oneLineForm(q.id, item, "send", "1", "2500");
      const response = (await withSmtp(undefined, () =>
        callRoute(action, "/admin/quotations", { as, form }),
      )) as Response;
      const [mail] = await getDb()
        .select({ id: emailOutbox.id, status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.relatedId, q.id));
      expect(mail!.status).toBe("pending");
      const message = "Quotation saved. E-mail is not set up, so the message waits in the outbox.";
      // Staff may not open the outbox: the same words, no link to a page they would be refused.
      expect(flashToast(response), as.role).toEqual(
        linked
          ? { type: "success", message, link: { href: `/admin/outbox/${mail!.id}`, label: "Open in the outbox" } }
          : { type: "success", message },
      );
    }
  });

  it("answers a refused send on the same URL with the field's message and the spec's toast", async () => {
    const item = await insertItem("Action Mic", 6, "500");
    const q = await insertQuotation("pending", "refused@action.test", [[item, 1, "500"]]);
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await callRoute(action, "/admin/quotations", {
        as: staff,
        form: await oneLineForm(q.id, item, "send", "1", ""),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ "lines.0.unitPrice": "Please enter a price for every product" });
    expect(answer.body.toast.message).toBe("Please enter a price for every product");
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("answers quantity 100000 at ৳99,999,999.99 with 400 naming the line's total, not a numeric overflow", async () => {
    const item = await insertItem("Overflow Wall", 6, "500");
    const q = await insertQuotation("pending", "overflow@action.test", [[item, 1, "500"]]);
    const before = await tableFingerprint(TABLES);
    for (const intent of ["save", "send"]) {
      const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
        await callRoute(action, "/admin/quotations", {
          as: staff,
          form: await oneLineForm(q.id, item, intent, "100000", "99999999.99"),
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors["lines.0.unitPrice"]).toBe(
        "Line total of Line 1 would be more than ৳999,999,999,999.99, the most an amount can be",
      );
      expect(answer.body.toast.message).toBe(answer.body.errors["lines.0.unitPrice"]);
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("approves and rejects from the list, back to the list with the spec's toasts", async () => {
    const item = await insertItem("Action Chair", 50, "40");
    const one = await insertQuotation("pending", "approve@action.test", [[item, 10]]);
    const two = await insertQuotation("pending", "reject@action.test", [[item, 10]]);
    const approved = (await callRoute(action, "/admin/quotations?page=2", {
      as: staff,
      form: { intent: "approve", id: one.id, from: "list" },
    })) as Response;
    expect(approved.headers.get("location")).toBe("/admin/quotations?page=2");
    expect(flashToast(approved)).toEqual({ type: "success", message: "Quotation status updated successfully" });
    const rejected = (await callRoute(action, "/admin/quotations", {
      as: staff,
      form: { intent: "reject", id: two.id, from: "list", reason: "Dates taken" },
    })) as Response;
    expect(flashToast(rejected)).toEqual({ type: "success", message: "Quotation status updated successfully" });
    const statuses = await getDb().select({ id: quotations.id, s: quotations.status }).from(quotations);
    expect(statuses.find((r) => r.id === one.id)!.s).toBe("approved");
    expect(statuses.find((r) => r.id === two.id)!.s).toBe("rejected");

    // The approval opened the quotation's job (issue 26), and its panel links to it; the rejected one has none.
    const panel = (await list(`/admin/quotations?view=${one.id}`)).panel?.quotation;
    expect(panel?.job).toMatchObject({ reference: expect.stringMatching(/^JOB-\d{6}$/), status: "planned" });
    const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, one.id));
    expect(panel?.job?.id).toBe(job!.id);
    expect((await list(`/admin/quotations?view=${two.id}`)).panel?.quotation.job).toBeNull();

    // Approving again is refused with the spec's failure toast and the reason.
    const again = (await callRoute(action, "/admin/quotations", {
      as: staff,
      form: { intent: "approve", id: one.id, from: "list" },
    })) as Response;
    expect(flashToast(again)).toEqual({
      type: "error",
      message:
        "Failed to update quotation status: Only a pending, sent or negotiating quotation can be approved (this one is approved)",
    });
  });

  it("lets an accountant see quotations but not change them", async () => {
    const item = await insertItem("Accountant Item", 5);
    const q = await insertQuotation("pending", "acct@action.test", [[item, 1]]);
    expect((await list("/admin/quotations", accountant)).canManage).toBe(false);
    const before = await tableFingerprint(TABLES);
    for (const intent of ["save", "send", "approve", "reject"]) {
      const thrown = await thrownBy(
        callRoute(action, "/admin/quotations", { as: accountant, form: { intent, id: q.id } }),
      );
      expect(thrown.status).toBe(403);
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("a revision's PDF and the availability month", () => {
  it("downloads a sent revision as a PDF, and 404s an unknown one", async () => {
    const item = await insertItem("PDF Speaker", 4, "7000");
    const q = await insertQuotation("pending", "pdf@route.test", [[item, 2, "7000"]]);
    await callRoute(action, "/admin/quotations", {
      as: staff,
      form: await oneLineForm(q.id, item, "send", "2", "7000"),
    });
    const response = await callRoute(pdf.loader, `/admin/quotations/${q.id}/revisions/1/pdf`, {
      as: accountant,
      params: { id: q.id, revision: "1" },
    });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`quotation-${q.id.slice(0, 8)}-r1.pdf`);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    for (const revision of ["2", "0", "x"]) {
      const thrown = await thrownBy(
        callRoute(pdf.loader, `/admin/quotations/${q.id}/revisions/${revision}/pdf`, {
          as: staff,
          params: { id: q.id, revision },
        }),
      );
      expect(thrown.status).toBe(404);
    }
  });

  it("shows the units free per day of the month asked for, and this month for a bad one", async () => {
    const item = await insertItem("Aaa Availability Tent", 5);
    await insertQuotation("approved", "month@route.test", [[item, 2]], {
      eventDate: "2027-09-10",
      rentalEndDate: "2027-09-11",
    });
    const month = await callRoute(availability.loader, "/admin/quotations/availability?month=2027-09", { as: staff });
    const row = month.items.find((i) => i.id === item)!;
    expect(month.days).toHaveLength(30);
    expect(row.free.slice(8, 12)).toEqual([5, 3, 3, 5]);
    const bad = await callRoute(availability.loader, "/admin/quotations/availability?month=2027-13", { as: staff });
    expect(bad.monthInvalid).toBe(true);
    expect(bad.month).toMatch(/^\d{4}-\d{2}$/);
  });
});
