import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryPackageParts, jobLines, jobMovements, jobs } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { approveQuotation } from "~/domain/quotations/change-status.server";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import { jobReference } from "./constants";
import { refreshJobStatus } from "./job-status.server";
import { loadWarehouseDay, readWarehouseDate, WAREHOUSE_DAY_MESSAGES } from "./warehouse-day.server";

// The warehouse's day (issue 26), 10 March 2027: what is to leave (jobs starting that day, and earlier ones with
// units not sent), what comes back (jobs ending that day with units out), what is overdue (out of jobs ended
// before), and the movements recorded in Dhaka's day. Jobs are opened by approving quotations; what left and came
// back is set on their lines directly (this view only reads them).

const audit: AuditActor = { userId: null, label: "staff@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const DAY = "2027-03-10";

let wall: string;
let truss: string;
let speaker: string;
let soundKit: string;

async function openJob(eventName: string, eventDate: string, rentalEndDate: string, lines: Array<[string, number]>) {
  const q = await insertQuotation("pending", "buyer@example.com", lines, { eventName, eventDate, rentalEndDate });
  const approved = await approveQuotation(getDb(), q.id, { kind: "staff", audit });
  if (!approved.ok) throw new Error(`approval refused: ${approved.message}`);
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, q.id));
  return { id: job!.id, reference: jobReference(job!.number) };
}

/** Sets a job's line of `item`: units sent and checked in; and the job's status from its lines. */
async function setLine(
  jobId: string,
  item: string,
  counts: { dispatched: number; returned?: number; damaged?: number },
) {
  const db = getDb();
  await db
    .update(jobLines)
    .set({ dispatched: counts.dispatched, returned: counts.returned ?? 0, damaged: counts.damaged ?? 0 })
    .where(and(eq(jobLines.jobId, jobId), eq(jobLines.inventoryItemId, item)));
  await db.transaction((tx) => refreshJobStatus(tx, jobId));
}

const refs = (rows: { reference: string }[]) => rows.map((r) => r.reference);
type Job = Awaited<ReturnType<typeof openJob>>;
let startsToday: Job;
let allGone: Job;
let lateToLeave: Job;
let startedAllSent: Job;
let endsToday: Job;
let endsTodayAllBack: Job;
let overdue: Job;
let tomorrow: Job;

beforeAll(async () => {
  [wall, truss, speaker] = [
    await insertItem("LED wall", 100),
    await insertItem("Truss", 100),
    await insertItem("Speaker", 100),
  ];
  soundKit = await insertItem("Sound kit", 100);
  await getDb().insert(inventoryPackageParts).values({ packageItemId: soundKit, partItemId: speaker, quantity: 2 });

  startsToday = await openJob("Starts Today", DAY, "2027-03-11", [
    [wall, 4],
    [truss, 2],
    [soundKit, 1],
  ]);
  await setLine(startsToday.id, wall, { dispatched: 1 });
  await setLine(startsToday.id, truss, { dispatched: 2 });
  allGone = await openJob("All Gone", DAY, DAY, [[wall, 3]]);
  await setLine(allGone.id, wall, { dispatched: 3 });
  lateToLeave = await openJob("Late To Leave", "2027-03-08", "2027-03-12", [[truss, 2]]);
  startedAllSent = await openJob("Started All Sent", "2027-03-08", "2027-03-12", [[truss, 1]]);
  await setLine(startedAllSent.id, truss, { dispatched: 1 });
  endsToday = await openJob("Ends Today", "2027-03-07", DAY, [[wall, 3]]);
  await setLine(endsToday.id, wall, { dispatched: 3, returned: 1 });
  endsTodayAllBack = await openJob("Ends Today Back", "2027-03-07", DAY, [[wall, 2]]);
  await setLine(endsTodayAllBack.id, wall, { dispatched: 2, returned: 1, damaged: 1 });
  overdue = await openJob("Overdue One", "2027-03-01", "2027-03-05", [[truss, 5]]);
  await setLine(overdue.id, truss, { dispatched: 5, returned: 3 });
  tomorrow = await openJob("Tomorrow", "2027-03-11", "2027-03-11", [[wall, 1]]);

  // Movements around Dhaka's midnights (UTC+6): 10 March runs from 9 March 18:00 UTC to 10 March 18:00 UTC.
  const db = getDb();
  const lineOf = async (jobId: string, item: string) =>
    (
      await db
        .select({ id: jobLines.id })
        .from(jobLines)
        .where(and(eq(jobLines.jobId, jobId), eq(jobLines.inventoryItemId, item)))
    )[0]!.id;
  const startsWall = await lineOf(startsToday.id, wall);
  const endsWall = await lineOf(endsToday.id, wall);
  const backWall = await lineOf(endsTodayAllBack.id, wall);
  const movement = (
    jobId: string,
    jobLineId: string,
    kind: "dispatched" | "returned" | "damaged",
    quantity: number,
    at: string,
  ) => ({
    jobId,
    jobLineId,
    kind,
    quantity,
    outcome: kind === "damaged" ? ("repair" as const) : null,
    note: kind === "damaged" ? "Cracked panel" : null,
    actorLabel: "staff@example.com",
    createdAt: new Date(at),
  });
  await db
    .insert(jobMovements)
    .values([
      movement(endsToday.id, endsWall, "dispatched", 3, "2027-03-06T10:00:00Z"),
      movement(startsToday.id, startsWall, "dispatched", 1, "2027-03-09T17:59:59Z"),
      movement(startsToday.id, startsWall, "dispatched", 1, "2027-03-09T18:00:00Z"),
      movement(endsToday.id, endsWall, "returned", 1, "2027-03-10T09:30:00Z"),
      movement(endsTodayAllBack.id, backWall, "damaged", 1, "2027-03-10T17:59:59Z"),
      movement(endsTodayAllBack.id, backWall, "returned", 1, "2027-03-10T18:00:00Z"),
    ]);
});

describe("loadWarehouseDay", () => {
  it("lists what leaves: jobs starting that day, and earlier ones with units not sent, with what is left to send", async () => {
    const day = await loadWarehouseDay(getDb(), DAY);
    // Earliest start first, then the earliest end.
    expect(refs(day.leaving)).toEqual([lateToLeave.reference, allGone.reference, startsToday.reference]);
    const [late, gone, starts] = day.leaving;
    expect(late!.lines.map((l) => [l.name, l.quantity])).toEqual([["Truss", 2]]);
    // The walls not sent yet and the sound kit's speakers (2 a kit), named with their package; the trusses all left.
    expect(starts!.lines.map((l) => [l.name, l.packageName, l.quantity])).toEqual([
      ["LED wall", null, 3],
      ["Speaker", "Sound kit", 2],
    ]);
    expect(starts).toMatchObject({ title: "Starts Today", startDate: DAY, endDate: "2027-03-11", status: "out" });
    // Everything of a job starting that day has left: it still shows, with nothing to send.
    expect(gone!.lines).toEqual([]);
    expect(refs(day.leaving)).not.toContain(startedAllSent.reference);
    expect(refs(day.leaving)).not.toContain(tomorrow.reference);
  });

  it("lists what comes back: jobs ending that day with units still out", async () => {
    const day = await loadWarehouseDay(getDb(), DAY);
    expect(refs(day.comingBack)).toEqual([endsToday.reference, allGone.reference]);
    expect(day.comingBack.map((j) => j.lines.map((l) => [l.name, l.quantity]))).toEqual([
      [["LED wall", 2]],
      [["LED wall", 3]],
    ]);
  });

  it("lists units still out of jobs that ended before that day as overdue", async () => {
    const day = await loadWarehouseDay(getDb(), DAY);
    expect(refs(day.overdue)).toEqual([overdue.reference]);
    expect(day.overdue[0]!.lines.map((l) => [l.name, l.quantity])).toEqual([["Truss", 2]]);
    // On its end date a job is coming back, not overdue; the day after, what is out of it is.
    const before = await loadWarehouseDay(getDb(), "2027-03-05");
    expect(refs(before.comingBack)).toEqual([overdue.reference]);
    expect(before.overdue).toEqual([]);
    const after = await loadWarehouseDay(getDb(), "2027-03-11");
    expect(refs(after.overdue)).toEqual([overdue.reference, endsToday.reference, allGone.reference]);
  });

  it("lists what was recorded leaving and coming back in Dhaka's day", async () => {
    const day = await loadWarehouseDay(getDb(), DAY);
    expect(day.left.map((m) => [m.reference, m.item, m.quantity, m.at])).toEqual([
      [startsToday.reference, "LED wall", 1, "2027-03-09T18:00:00.000Z"],
    ]);
    expect(day.checkedIn.map((m) => [m.reference, m.kind, m.quantity, m.outcome, m.note])).toEqual([
      [endsToday.reference, "returned", 1, null, null],
      [endsTodayAllBack.reference, "damaged", 1, "repair", "Cracked panel"],
    ]);
    const next = await loadWarehouseDay(getDb(), "2027-03-11");
    expect(next.checkedIn.map((m) => m.reference)).toEqual([endsTodayAllBack.reference]);
    expect(next.left).toEqual([]);
  });
});

describe("readWarehouseDate", () => {
  it("reads the day, today without one, and names one it cannot read", () => {
    expect(readWarehouseDate(new URLSearchParams("date=2027-03-10"), "2026-11-28")).toEqual({
      date: "2027-03-10",
      error: null,
    });
    expect(readWarehouseDate(new URLSearchParams(""), "2026-11-28")).toEqual({ date: "2026-11-28", error: null });
    expect(readWarehouseDate(new URLSearchParams("date=2027-02-29"), "2026-11-28")).toEqual({
      date: "2026-11-28",
      error: WAREHOUSE_DAY_MESSAGES.date,
    });
  });
});
