import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { inventoryPackageParts, jobLines, jobs, tasks, teams } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { approveQuotation } from "~/domain/quotations/change-status.server";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import { jobReference } from "./constants";
import { readCalendarRequest, takesOutLabel } from "./job-calendar";
import { calendarJobs, periodOverlaps } from "./job-calendar.server";
import { refreshJobStatus } from "./job-status.server";

// The calendar's one query (issue 26): the jobs overlapping the days a month grid or a week shows, with what they
// take out (a package as one line, its parts counted in the units) and their crew tasks.

const audit: AuditActor = { userId: null, label: "staff@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const TODAY = "2027-03-10";

async function openJob(eventName: string, eventDate: string, rentalEndDate: string, lines: Array<[string, number]>) {
  const q = await insertQuotation("pending", "buyer@example.com", lines, { eventName, eventDate, rentalEndDate });
  const approved = await approveQuotation(getDb(), q.id, { kind: "staff", audit });
  if (!approved.ok) throw new Error(`approval refused: ${approved.message}`);
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, q.id));
  return { id: job!.id, reference: jobReference(job!.number) };
}

const view = async (query: string) => {
  const request = readCalendarRequest(new URLSearchParams(query), TODAY);
  return calendarJobs(getDb(), request.from, request.to, TODAY);
};
const refs = (rows: { reference: string }[]) => rows.map((r) => r.reference);

let boundary: Awaited<ReturnType<typeof openJob>>;
let march: Awaited<ReturnType<typeof openJob>>;
let may: Awaited<ReturnType<typeof openJob>>;
let late: Awaited<ReturnType<typeof openJob>>;

beforeAll(async () => {
  const [wall, truss, speaker, mixer] = [
    await insertItem("LED wall", 100),
    await insertItem("Truss", 100),
    await insertItem("Speaker", 100),
    await insertItem("Mixer", 100),
  ];
  const soundKit = await insertItem("Sound kit", 100);
  await getDb()
    .insert(inventoryPackageParts)
    .values([
      { packageItemId: soundKit, partItemId: speaker, quantity: 2, position: 0 },
      { packageItemId: soundKit, partItemId: mixer, quantity: 1, position: 1 },
    ]);
  // 30 March to 2 April: in March's grid and April's.
  boundary = await openJob("Spring Gala", "2027-03-30", "2027-04-02", [
    [wall, 4],
    [truss, 8],
    [soundKit, 2],
  ]);
  march = await openJob("Fair", "2027-03-03", "2027-03-05", [[truss, 1]]);
  may = await openJob("May Show", "2027-05-10", "2027-05-10", [[wall, 1]]);
  // Ended 8 March with a unit still out: overdue on the 10th.
  late = await openJob("Late One", "2027-03-07", "2027-03-08", [[wall, 2]]);
  const db = getDb();
  await db.update(jobLines).set({ dispatched: 2, returned: 1 }).where(eq(jobLines.jobId, late.id));
  await db.transaction((tx) => refreshJobStatus(tx, late.id));

  const [team] = await db.insert(teams).values({ name: "Stage crew" }).returning({ id: teams.id });
  const rafiq = await insertEmployee("Rafiq Islam");
  const sumi = await insertEmployee("Sumi Akter");
  const task = (assignedTo: string | null, jobRole: "setup" | "operate" | "strike") => ({
    title: `${jobRole} the gala`,
    teamId: team!.id,
    assignedTo,
    dueDate: new Date("2027-03-30T04:00:00Z"),
    jobId: boundary.id,
    jobRole,
  });
  await db
    .insert(tasks)
    .values([task(rafiq, "strike"), task(sumi, "operate"), task(rafiq, "setup"), task(null, "setup")]);
  // A task of no job is no crew.
  await db
    .insert(tasks)
    .values({ title: "Tidy the store", teamId: team!.id, dueDate: new Date("2027-03-30T04:00:00Z") });
});

describe("calendarJobs", () => {
  it("gives a month's jobs, earliest start first, a job over the month's end in both months", async () => {
    expect(refs(await view("month=2027-03"))).toEqual([march.reference, late.reference, boundary.reference]);
    expect(refs(await view("month=2027-04"))).toEqual([boundary.reference]);
    expect(refs(await view("month=2027-05"))).toEqual([may.reference]);
    expect(await view("month=2027-06")).toEqual([]);
  });

  it("gives a week's jobs: those whose period overlaps its Monday to Sunday", async () => {
    expect(refs(await view("show=week&date=2027-04-01"))).toEqual([boundary.reference]);
    expect(refs(await view("show=week&date=2027-03-05"))).toEqual([march.reference, late.reference]);
    expect(await view("show=week&date=2027-04-05")).toEqual([]);
  });

  it("says what each job takes out (a package as one line, its parts in the units) and who works it", async () => {
    const [gala] = await view("show=week&date=2027-03-31");
    expect(gala).toEqual({
      id: boundary.id,
      reference: boundary.reference,
      title: "Spring Gala",
      customerName: "Test Customer",
      startDate: "2027-03-30",
      endDate: "2027-04-02",
      location: "Dhaka",
      status: "planned",
      overdue: false,
      // 4 walls, 8 trusses, and for 2 sound kits 4 speakers and 2 mixers.
      units: 18,
      items: [
        { name: "LED wall", quantity: 4 },
        { name: "Truss", quantity: 8 },
        { name: "Sound kit", quantity: 2 },
      ],
      crew: [
        { role: "setup", employeeName: "Rafiq Islam" },
        { role: "setup", employeeName: null },
        { role: "operate", employeeName: "Sumi Akter" },
        { role: "strike", employeeName: "Rafiq Islam" },
      ],
    });
    expect(takesOutLabel(gala!)).toBe("18 units: LED wall ×4, Truss ×8, Sound kit ×2");
  });

  it("marks a job out after its end date as overdue", async () => {
    const rows = await view("month=2027-03");
    expect(rows.find((r) => r.id === late.id)).toMatchObject({ status: "out", overdue: true, crew: [] });
    expect(rows.find((r) => r.id === march.id)).toMatchObject({ status: "planned", overdue: false });
  });

  it("finds the days' jobs through the period's gist index", async () => {
    const plan = await getDb().transaction(async (tx) => {
      // So few rows would be read whole anyway: ask whether the index can answer.
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<Record<string, string>>(
        tx,
        sql`explain select j.id from jobs j where ${periodOverlaps("2027-03-01", "2027-04-04")}`,
      );
    });
    expect(plan.map((row) => Object.values(row)[0]).join("\n")).toContain("jobs_period_idx");
  });
});
