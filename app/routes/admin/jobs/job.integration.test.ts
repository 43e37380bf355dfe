import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems, jobCharges, jobMovements } from "~/db/schema";
import { checkInField, dispatchField } from "~/domain/jobs/job-forms";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { approvedJob, JOB_TABLES, jobItem, linesOf } from "../../../../tests/support/job-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { seedBooks } from "../../../../tests/support/invoice-fixtures";
import { INVOICE_MESSAGES } from "~/domain/sales/invoice-forms";
import { action, loader } from "./job";

// The job's Overview through its loader and action (issue 26): staff dispatch by code, check in with a damaged unit
// to repair and add a charge; an accountant may look but not act; bad input answers with the field's message and
// writes nothing; an unknown job is a 404. An accountant invoices the customer's pending charges on their own from
// here (issue 37); staff may not.

let staff: TestUser;
let accountant: TestUser;
beforeAll(async () => {
  staff = await signedInUser("staff");
  accountant = await signedInUser("accountant");
});

const post = (user: TestUser, jobId: string, form: Record<string, string>) =>
  callRoute(action, `/admin/jobs/${jobId}`, { as: user, params: { id: jobId }, form });

describe("/admin/jobs/:id", () => {
  it("shows the job to staff and an accountant; 404 for an unknown job", async () => {
    const item = await jobItem("Podium", 3);
    const { job } = await approvedJob([[item.id, 2]]);
    const shown = answerOf<{ lines: Array<{ slug: string; quantity: number }>; canManage: boolean }>(
      await callRoute(loader, `/admin/jobs/${job.id}`, { as: accountant, params: { id: job.id } }),
    );
    expect(shown.body.lines).toMatchObject([{ slug: item.slug, quantity: 2 }]);
    expect(shown.body.canManage).toBe(false);
    const unknown = crypto.randomUUID();
    expect(
      await thrownBy(callRoute(loader, `/admin/jobs/${unknown}`, { as: staff, params: { id: unknown } })),
    ).toMatchObject({ status: 404 });
    expect(await thrownBy(callRoute(loader, "/admin/jobs/nope", { as: staff, params: { id: "nope" } }))).toMatchObject({
      status: 404,
    });
  });

  it("staff dispatch by code, check in one damaged to repair with a charge, and add a charge", async () => {
    const item = await jobItem("Moving Head", 6);
    const { job, lines } = await approvedJob([[item.id, 3]]);
    const line = lines[0]!;

    const sent = await post(staff, job.id, {
      intent: "dispatch",
      mode: "code",
      code: item.slug.toUpperCase(),
      quantity: "3",
    });
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).headers.get("location")).toBe(`/admin/jobs/${job.id}`);
    expect(flashToast(sent as Response)).toMatchObject({
      type: "success",
      message: expect.stringContaining("3 units dispatched"),
    });

    const back = await post(staff, job.id, {
      intent: "check-in",
      mode: "lines",
      [checkInField("returned", line.id)]: "2",
      [checkInField("damaged", line.id)]: "1",
      [checkInField("outcome", line.id)]: "repair",
      [checkInField("repairDate", line.id)]: "2027-09-01",
      [checkInField("note", line.id)]: "Motor grinding",
      [checkInField("chargeAmount", line.id)]: "1500",
      [checkInField("chargeDescription", line.id)]: "",
    });
    expect(flashToast(back as Response)).toMatchObject({
      type: "success",
      message: expect.stringContaining("3 units checked in"),
    });
    expect((await linesOf(job.id))[0]).toMatchObject({ dispatched: 3, returned: 2, damaged: 1 });
    const [stock] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(stock).toMatchObject({ unitsUnderRepair: 1, repairReturnDate: "2027-09-01" });

    const charged = await post(staff, job.id, { intent: "charge", description: "Scratched case", amount: "250.50" });
    expect(flashToast(charged as Response)).toMatchObject({ type: "success" });
    const charges = await getDb().select().from(jobCharges).where(eq(jobCharges.jobId, job.id));
    expect(charges.map((c) => [c.description, c.amount]).sort()).toEqual([
      [expect.stringMatching(/^Damage to 1 × Moving Head \(JOB-\d{6}\)$/), "1500.00"],
      ["Scratched case", "250.50"],
    ]);
    const moves = await getDb().select().from(jobMovements).where(eq(jobMovements.jobId, job.id));
    expect(moves.every((m) => m.actorUserId === staff.id && m.actorLabel === staff.email)).toBe(true);

    const page = answerOf<{ charges: Array<{ invoiceNumber: string | null }>; movements: unknown[] }>(
      await callRoute(loader, `/admin/jobs/${job.id}`, { as: staff, params: { id: job.id } }),
    );
    expect(page.body.charges).toMatchObject([{ invoiceNumber: null }, { invoiceNumber: null }]);
    expect(page.body.movements).toHaveLength(3);
  });

  it("an accountant invoices the customer's pending charges on their own, opening the invoice; staff may not", async () => {
    await seedBooks();
    const item = await jobItem("Truss Segment", 4);
    const { job } = await approvedJob([[item.id, 2]]);
    await post(staff, job.id, { intent: "charge", description: "Bent truss segment", amount: "800" });
    type Shown = { canInvoice: boolean; customerPending: { count: number; net: string } };
    const shown = (user: TestUser) =>
      callRoute(loader, `/admin/jobs/${job.id}`, { as: user, params: { id: job.id } }).then(
        (r) => answerOf<Shown>(r).body,
      );
    expect(await shown(accountant)).toMatchObject({ canInvoice: true, customerPending: { count: 1, net: "800.00" } });
    expect(await shown(staff)).toMatchObject({ canInvoice: false, customerPending: { count: 0 } });

    expect(await thrownBy(post(staff, job.id, { intent: "invoice-charges" }))).toMatchObject({ status: 403 });
    const issued = (await post(accountant, job.id, { intent: "invoice-charges" })) as Response;
    expect(issued.headers.get("location")).toMatch(/^\/admin\/invoices\/[0-9a-f-]{36}$/);
    expect(flashToast(issued)).toMatchObject({
      type: "success",
      message: expect.stringMatching(/^Invoice INV-.* for 1 damage and loss charge$/),
    });
    expect(await shown(accountant)).toMatchObject({ customerPending: { count: 0 } });

    // Nothing left: back to the job, saying so.
    const again = (await post(accountant, job.id, { intent: "invoice-charges" })) as Response;
    expect(again.headers.get("location")).toBe(`/admin/jobs/${job.id}`);
    expect(flashToast(again)).toMatchObject({
      type: "error",
      message: INVOICE_MESSAGES.issueFailed(INVOICE_MESSAGES.noPendingCharges(job.customerName)),
    });
  });

  it("refuses an accountant (jobs.manage) and bad input, writing nothing", async () => {
    const item = await jobItem("Smoke Machine", 4);
    const { job, lines } = await approvedJob([[item.id, 2]]);
    const before = await tableFingerprint(JOB_TABLES);

    expect(await thrownBy(post(accountant, job.id, { intent: "dispatch", mode: "all" }))).toMatchObject({
      status: 403,
    });
    expect(await thrownBy(post(accountant, job.id, { intent: "charge", description: "x", amount: "1" }))).toMatchObject(
      {
        status: 403,
      },
    );

    const badQuantity = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post(staff, job.id, { intent: "dispatch", mode: "code", code: item.slug, quantity: "two" }),
    );
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body.errors).toEqual({ quantity: "Quantity must be a whole number more than 0" });

    const tooMany = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post(staff, job.id, { intent: "dispatch", mode: "lines", [dispatchField(lines[0]!.id)]: "5" }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.toast.message).toBe(
      "Failed to dispatch: Only 2 more of Smoke Machine can leave: 2 reserved, 0 sent",
    );

    const unknownCode = answerOf<{ errors: Record<string, string> }>(
      await post(staff, job.id, { intent: "dispatch", mode: "code", code: "no-such-code", quantity: "" }),
    );
    expect(unknownCode.body.errors).toEqual({ code: "No item has the code no-such-code" });

    const nothingOut = answerOf<{ errors: Record<string, string> }>(
      await post(staff, job.id, { intent: "check-in", mode: "lines", [checkInField("returned", lines[0]!.id)]: "1" }),
    );
    expect(nothingOut.body.errors).toEqual({
      [checkInField("returned", lines[0]!.id)]:
        "Smoke Machine: returned, damaged and lost come to 1, but only 0 are out",
    });

    const badCharge = answerOf<{ errors: Record<string, string> }>(
      await post(staff, job.id, { intent: "charge", description: "", amount: "-5" }),
    );
    expect(badCharge.status).toBe(400);
    expect(badCharge.body.errors).toEqual({
      description: "Description is required",
      amount: "Amount must be 0 or more",
    });

    expect(await tableFingerprint(JOB_TABLES)).toEqual(before);
  });
});
