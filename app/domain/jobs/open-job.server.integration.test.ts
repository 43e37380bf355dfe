import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { jobs, quotationLines, quotations } from "~/db/schema";
import { approveQuotation } from "~/domain/quotations/change-status.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { ensureCompany, JOB_ACTOR, jobItem, jobPackage, linesOf } from "../../../tests/support/job-fixtures";
import { insertQuotation } from "../../../tests/support/quotation-fixtures";

// Approving a quotation opens its job in the same transaction (issue 26), whoever approves: the contact, event and
// period as approved, a line per quotation line with an item, a package's parts as lines under it; a line whose item
// was deleted is left out. An approval refused for stock leaves no job.

async function jobOf(quotationId: string) {
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, quotationId));
  return job ?? null;
}

describe("opening a job on approval", () => {
  it("staff approval: the job's snapshot, its lines with a package's parts expanded, the deleted item's line left out", async () => {
    await ensureCompany();
    const wall = await jobItem("LED Wall", 10);
    const lamp = await jobItem("Lamp", 20);
    const cable = await jobItem("Cable", 20);
    const kit = await jobPackage("Light Kit", 5, [
      [lamp.id, 2],
      [cable.id, 3],
    ]);
    const q = await insertQuotation(
      "sent",
      "staff-approval@example.com",
      [
        [wall.id, 4],
        [kit.id, 2],
      ],
      {
        eventDate: "2027-10-01",
        rentalEndDate: "2027-10-03",
        eventName: "Expo",
        eventLocation: "ICCB",
        notes: "Dock 3",
      },
    );
    await getDb().insert(quotationLines).values({
      quotationId: q.id,
      inventoryItemId: null,
      name: "Gone",
      quantity: 1,
      unitPrice: "1",
      total: "1",
      lineNo: 2,
    });

    expect(await approveQuotation(getDb(), q.id, { kind: "staff", audit: JOB_ACTOR })).toMatchObject({ ok: true });
    const job = await jobOf(q.id);
    const [quotation] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(job).toMatchObject({
      customerId: quotation!.customerId,
      customerName: "Test Customer",
      email: "staff-approval@example.com",
      title: "Expo",
      startDate: "2027-10-01",
      endDate: "2027-10-03",
      location: "ICCB",
      notes: "Dock 3",
      status: "planned",
    });
    expect(job!.customerId).not.toBeNull();
    const lines = await linesOf(job!.id);
    const kitLine = lines.find((l) => l.name === "Light Kit")!;
    expect(lines.map((l) => [l.name, l.quantity, l.isPackage, l.packageLineId === kitLine.id])).toEqual([
      ["LED Wall", 4, false, false],
      ["Light Kit", 2, true, false],
      ["Lamp", 4, false, true],
      ["Cable", 6, false, true],
    ]);
  });

  it("customer approval opens the job too", async () => {
    await ensureCompany();
    const booth = await jobItem("Photo Booth", 2);
    const q = await insertQuotation("sent", "buyer-approves@example.com", [[booth.id, 1]]);
    expect(
      await approveQuotation(getDb(), q.id, { kind: "customer", userId: null, email: "Buyer-Approves@example.com" }),
    ).toMatchObject({ ok: true });
    const job = await jobOf(q.id);
    expect(job).not.toBeNull();
    expect((await linesOf(job!.id)).map((l) => [l.name, l.quantity])).toEqual([["Photo Booth", 1]]);
  });

  it("an approval refused for stock opens no job and writes nothing", async () => {
    await ensureCompany();
    const stage = await jobItem("Stage", 2);
    const first = await insertQuotation("sent", "first@example.com", [[stage.id, 2]], { eventDate: "2027-11-05" });
    const second = await insertQuotation("sent", "second@example.com", [[stage.id, 1]], { eventDate: "2027-11-05" });
    expect(await approveQuotation(getDb(), first.id, { kind: "staff", audit: JOB_ACTOR })).toMatchObject({ ok: true });
    const tables = ["jobs", "job_lines", "quotations", "customers", "audit_log"];
    const before = await tableFingerprint(tables);
    expect(await approveQuotation(getDb(), second.id, { kind: "staff", audit: JOB_ACTOR })).toMatchObject({
      ok: false,
      code: "out_of_stock",
    });
    expect(await tableFingerprint(tables)).toEqual(before);
    expect(await jobOf(second.id)).toBeNull();
  });
});
