import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { jobLines, jobs, tasks, teams } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { approveQuotation } from "~/domain/quotations/change-status.server";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import { jobReference } from "./constants";
import { JOB_LIST, JOB_LIST_MESSAGES, readJobList } from "./job-list";
import { listJobs } from "./job-list.server";
import { refreshJobStatus } from "./job-status.server";

// The jobs list's query (issue 26) over jobs opened by approving quotations: search by reference, title and
// customer; status (overdue included); the period overlapping from / to; the sorts; paging; what it counts.

const audit: AuditActor = { userId: null, label: "staff@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const TODAY = "2027-03-10";

let wall: string;
let truss: string;

/** Approves a new quotation for these days and returns its job's id and reference. */
async function openJob(
  eventName: string,
  customerName: string,
  eventDate: string,
  rentalEndDate: string,
  lines: Array<[string, number]> = [[wall, 2]],
) {
  const q = await insertQuotation("pending", "buyer@example.com", lines, {
    eventName,
    customerName,
    eventDate,
    rentalEndDate,
  });
  const approved = await approveQuotation(getDb(), q.id, { kind: "staff", audit });
  if (!approved.ok) throw new Error(`approval refused: ${approved.message}`);
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, q.id));
  return { id: job!.id, reference: jobReference(job!.number), number: job!.number };
}

/** Sets what left and came back on every line of a job, and its status as the use cases would. */
async function move(jobId: string, dispatched: (quantity: number) => number, returned: (d: number) => number) {
  const db = getDb();
  const lines = await db.select().from(jobLines).where(eq(jobLines.jobId, jobId));
  for (const line of lines.filter((l) => !l.isPackage)) {
    const d = dispatched(line.quantity);
    await db
      .update(jobLines)
      .set({ dispatched: d, returned: returned(d) })
      .where(eq(jobLines.id, line.id));
  }
  await db.transaction((tx) => refreshJobStatus(tx, jobId));
}

const list = (query: string) => listJobs(getDb(), readJobList(new URLSearchParams(query)).state, TODAY);
const refs = (rows: { reference: string }[]) => rows.map((r) => r.reference);

let gala: Awaited<ReturnType<typeof openJob>>;
let fair: Awaited<ReturnType<typeof openJob>>;
let concert: Awaited<ReturnType<typeof openJob>>;
let launch: Awaited<ReturnType<typeof openJob>>;
const fillers: string[] = [];

beforeAll(async () => {
  wall = await insertItem("LED wall", 500);
  truss = await insertItem("Truss", 500);
  gala = await openJob("Spring Gala", "Rahim Traders", "2027-03-12", "2027-03-14", [
    [wall, 4],
    [truss, 8],
  ]);
  fair = await openJob("Autumn Fair", "Karim Events", "2027-02-25", "2027-03-02");
  concert = await openJob("Winter Concert", "Nadia Rahman", "2027-01-05", "2027-01-05");
  launch = await openJob("Product Launch", "Rahim Traders", "2027-04-01", "2027-04-03");
  // Out, one unit of two checked in, ended 2 March: overdue on the 10th. The concert went and came back whole.
  await move(
    fair.id,
    (q) => q,
    () => 1,
  );
  await move(
    concert.id,
    (q) => q,
    (d) => d,
  );
  // 22 jobs in 2028, a day apart, for the paging.
  for (let n = 0; n < 22; n++) {
    const day = `2028-05-${String(n + 1).padStart(2, "0")}`;
    fillers.push((await openJob(`Filler ${n + 1}`, "Filler Customer", day, day)).reference);
  }
  // The gala's crew: two people on three tasks (one of them on two).
  const db = getDb();
  const [team] = await db.insert(teams).values({ name: "Stage crew" }).returning({ id: teams.id });
  const [rafiq, sumi] = [await insertEmployee("Rafiq Islam"), await insertEmployee("Sumi Akter")];
  const crewTask = (assignedTo: string, jobRole: "setup" | "operate" | "strike") => ({
    title: `${jobRole} the gala`,
    teamId: team!.id,
    assignedTo,
    dueDate: new Date("2027-03-12T04:00:00Z"),
    jobId: gala.id,
    jobRole,
  });
  await db.insert(tasks).values([crewTask(rafiq, "setup"), crewTask(sumi, "operate"), crewTask(rafiq, "strike")]);
});

describe("listJobs", () => {
  it("shows each job's reference, event, customer, period, place, status, units reserved and out, and crew", async () => {
    const page = await list("q=gala");
    expect(page.rows).toEqual([
      {
        id: gala.id,
        reference: gala.reference,
        title: "Spring Gala",
        customerName: "Rahim Traders",
        startDate: "2027-03-12",
        endDate: "2027-03-14",
        location: "Dhaka",
        status: "planned",
        overdue: false,
        unitsReserved: 12,
        unitsOut: 0,
        crew: 2,
      },
    ]);
    const [out] = (await list("q=autumn")).rows;
    expect(out).toMatchObject({ status: "out", overdue: true, unitsReserved: 2, unitsOut: 1, crew: 0 });
  });

  it("sorts by start date from today by default: jobs not over first, soonest first, then past ones, latest first", async () => {
    const first = await list("");
    expect(first).toMatchObject({ total: 26, page: 1, pageCount: 2, pageSize: JOB_LIST.pageSize });
    expect(refs(first.rows)).toEqual([gala.reference, launch.reference, ...fillers.slice(0, 18)]);
    const second = await list("page=2");
    expect(refs(second.rows)).toEqual([...fillers.slice(18), fair.reference, concert.reference]);
    // Descending: latest start first, whatever today is.
    const desc = await list("dir=desc&page=2");
    expect(refs(desc.rows)).toEqual([
      fillers[1],
      fillers[0],
      launch.reference,
      gala.reference,
      fair.reference,
      concert.reference,
    ]);
    // A page beyond the last shows the last.
    expect((await list("page=9")).page).toBe(2);
  });

  it("sorts by reference (newest first) and by customer", async () => {
    expect(refs((await list("sort=reference&dir=asc")).rows).slice(0, 4)).toEqual([
      gala.reference,
      fair.reference,
      concert.reference,
      launch.reference,
    ]);
    expect(refs((await list("sort=reference")).rows)[0]).toBe(fillers[21]);
    const in2027 = "from=2027-01-01&to=2027-12-31";
    expect(refs((await list(`sort=customer&${in2027}`)).rows)).toEqual([
      fair.reference, // Karim Events
      concert.reference, // Nadia Rahman
      gala.reference, // Rahim Traders, 12 March
      launch.reference, // Rahim Traders, 1 April
    ]);
    expect(refs((await list(`sort=customer&dir=desc&${in2027}`)).rows)).toEqual([
      launch.reference,
      gala.reference,
      concert.reference,
      fair.reference,
    ]);
  });

  it("finds a job by its reference, its number, its event's title or its customer's name", async () => {
    expect(refs((await list(`q=${gala.reference}`)).rows)).toEqual([gala.reference]);
    expect(refs((await list(`q=job-${fair.number}`)).rows)).toEqual([fair.reference]);
    expect(refs((await list(`q=${String(concert.number).padStart(6, "0")}`)).rows)).toEqual([concert.reference]);
    // A bare number is a reference and text too: Filler 3 and Filler 13's titles hold a 3.
    expect(refs((await list("q=3")).rows)).toContain(jobReference(3));
    expect(refs((await list("q=WINTER")).rows)).toEqual([concert.reference]);
    expect(refs((await list("q=rahim traders")).rows)).toEqual([gala.reference, launch.reference]);
    // A % is a percent sign, not "anything".
    expect((await list("q=%25")).total).toBe(0);
  });

  it("filters by status, overdue meaning out after the end date", async () => {
    expect(refs((await list("status=out")).rows)).toEqual([fair.reference]);
    expect(refs((await list("status=overdue")).rows)).toEqual([fair.reference]);
    expect(refs((await list("status=returned")).rows)).toEqual([concert.reference]);
    expect((await list("status=planned")).total).toBe(24);
    // On its end date a job is not overdue yet.
    const onEndDay = await listJobs(getDb(), readJobList(new URLSearchParams("status=overdue")).state, "2027-03-02");
    expect(onEndDay.total).toBe(0);
  });

  it("keeps the jobs whose period overlaps From to To", async () => {
    expect(refs((await list("from=2027-03-01&to=2027-03-12")).rows)).toEqual([gala.reference, fair.reference]);
    expect(refs((await list("from=2027-03-15&to=2027-03-31")).rows)).toEqual([]);
    expect(refs((await list("to=2027-01-31")).rows)).toEqual([concert.reference]);
    expect((await list("from=2028-05-20")).total).toBe(3);
    expect(refs((await list("from=2027-01-01&to=2027-12-31&q=rahim&status=planned")).rows)).toEqual([
      gala.reference,
      launch.reference,
    ]);
  });
});

describe("readJobList", () => {
  it("names each value of the address it cannot read, and lists without it", () => {
    const { state, errors } = readJobList(
      new URLSearchParams("status=lost&from=2027-02-30&to=soon&sort=price&dir=up&page=two&q=gala"),
    );
    expect(errors).toEqual({
      status: JOB_LIST_MESSAGES.status,
      from: JOB_LIST_MESSAGES.from,
      to: JOB_LIST_MESSAGES.to,
      sort: JOB_LIST_MESSAGES.sort,
      dir: JOB_LIST_MESSAGES.dir,
      page: JOB_LIST_MESSAGES.page,
    });
    expect(state).toEqual({ q: "gala", sort: "start", dir: "asc", page: 1, filters: {} });
  });

  it("refuses a To before From, keeping From", () => {
    const { state, errors } = readJobList(new URLSearchParams("from=2027-03-10&to=2027-03-01"));
    expect(errors).toEqual({ to: JOB_LIST_MESSAGES.order });
    expect(state.filters).toEqual({ from: "2027-03-10", to: undefined });
  });

  it("says nothing of a good address or empty fields", () => {
    expect(
      readJobList(new URLSearchParams("status=overdue&from=2027-03-01&to=2027-03-01&sort=customer&dir=desc&page=2"))
        .errors,
    ).toEqual({});
    expect(readJobList(new URLSearchParams("status=&from=&to=&q=")).errors).toEqual({});
  });
});
