// A job's crew and its event (issue 26): the choices are the teams' active members less anyone on approved leave
// during the job; assigning makes a pending task of the team (so Task Management shows it) due at the role's default;
// every refusal names its field and writes nothing; a person on another job at the same time is warned about, then
// assigned anyway and marked; taking someone off deletes their task; Make event makes the Event Management event
// once, with its fields, a free slug and jobs.event_id. The route: staff assign, the accountant may not, and making
// the event needs events.manage.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertEmployee } from "../../../tests/support/people-fixtures";
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
import { auditLog, companySettings, events, jobs, leaves, tasks, teamMembers, teams } from "~/db/schema";
import { action, loader } from "~/routes/admin/jobs/crew";
import type { AuditActor } from "../audit/audit.server";
import { approveQuotation } from "../quotations/change-status.server";
import { jobReference } from "./constants";
import { assignCrew, crewChoices, listCrew, unassignCrew } from "./crew.server";
import { CREW_MESSAGES, EMPTY_CREW_FORM, type CrewFormValues } from "./crew-form";
import { createJobEvent, JOB_EVENT_MESSAGES } from "./job-event.server";

const ACTOR: AuditActor = { userId: null, label: "crew@example.com", ipAddress: null, userAgent: "vitest" };
const TABLES = ["tasks", "audit_log", "events", "jobs"] as const;
const NOBODY = { id: crypto.randomUUID(), email: "nobody@example.com" };

let seq = 0;
/** A job opened by approving a quotation for [start, end] at 18:00. */
async function jobFor(start: string, end: string, title?: string) {
  await getDb()
    .insert(companySettings)
    .values({ id: 1, name: "Utsab", address: "Dhaka", notificationEmail: "quotes@company.example" })
    .onConflictDoNothing();
  const item = await insertItem(`Crew Light ${++seq}`, 100);
  const q = await insertQuotation("sent", `crew-${seq}-${Date.now()}@example.com`, [[item, 1]], {
    eventDate: start,
    rentalEndDate: end === start ? null : end,
    eventTime: "18:00",
    eventLocation: "Bashundhara Convention Centre, Dhaka",
    ...(title ? { eventName: title } : {}),
  });
  const approved = await approveQuotation(getDb(), q.id, { kind: "staff", audit: ACTOR });
  if (!approved.ok) throw new Error(approved.message);
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, q.id));
  return job!;
}

const ids = { sound: "", light: "", ana: "", bo: "", resting: "", former: "", lightOnly: "", pendingLeave: "" };
let staff: TestUser;
let accountant: TestUser;

beforeAll(async () => {
  [staff, accountant] = await Promise.all([signedInUser("staff", { name: "Crew Chief" }), signedInUser("accountant")]);
  await insertEmployee("Crew Chief", { user: staff });
  ids.ana = await insertEmployee("Ana Sound");
  ids.bo = await insertEmployee("Bo Sound");
  ids.resting = await insertEmployee("Resting Sound");
  ids.pendingLeave = await insertEmployee("Pending Leave Sound");
  ids.former = await insertEmployee("Former Sound", { status: "inactive" });
  ids.lightOnly = await insertEmployee("Lia Light");
  const [sound] = await getDb().insert(teams).values({ name: "Crew Sound" }).returning();
  const [light] = await getDb().insert(teams).values({ name: "Crew Light" }).returning();
  ids.sound = sound!.id;
  ids.light = light!.id;
  await getDb()
    .insert(teamMembers)
    .values([
      ...[ids.ana, ids.bo, ids.resting, ids.pendingLeave, ids.former].map((employeeId) => ({
        teamId: ids.sound,
        employeeId,
      })),
      { teamId: ids.light, employeeId: ids.lightOnly },
    ]);
  await getDb()
    .insert(leaves)
    .values([
      // Approved leave over the second day of the December job: not offered for it.
      { employeeId: ids.resting, type: "vacation", startDate: "2027-12-13", endDate: "2027-12-20", status: "approved" },
      // Only asked for: still offered.
      {
        employeeId: ids.pendingLeave,
        type: "vacation",
        startDate: "2027-12-12",
        endDate: "2027-12-14",
        status: "pending",
      },
      // Approved, but after the job: offered.
      { employeeId: ids.bo, type: "sick", startDate: "2027-12-15", endDate: "2027-12-16", status: "approved" },
    ]);
});

const form = (values: Partial<CrewFormValues>): CrewFormValues => ({ ...EMPTY_CREW_FORM, ...values });

describe("crew choices", () => {
  it("offers each team's active members; approved leave on a day of the job marks them, pending leave does not", async () => {
    const job = await jobFor("2027-12-12", "2027-12-14");
    const choices = await crewChoices(getDb(), job);
    const names = (teamId: string) => choices.members.filter((m) => m.teamId === teamId).map((m) => m.name);
    expect(names(ids.sound)).toEqual(["Ana Sound", "Bo Sound", "Pending Leave Sound", "Resting Sound"]);
    expect(names(ids.light)).toEqual(["Lia Light"]);
    const leaveOf = (id: string) => choices.members.find((m) => m.id === id)!.leave;
    expect(leaveOf(ids.resting)).toEqual({ startDate: "2027-12-13", endDate: "2027-12-20" });
    expect(leaveOf(ids.pendingLeave)).toBeNull();
    expect(leaveOf(ids.bo)).toBeNull();
    expect(choices.teams.map((t) => t.id)).toEqual(expect.arrayContaining([ids.sound, ids.light]));
  });
});

describe("assign and take off", () => {
  it("makes a pending task of the team, due at the role's default, assigned by the user's employee, with its audit line", async () => {
    const job = await jobFor("2027-11-02", "2027-11-03", "Autumn Gala");
    const user = { id: staff.id, email: staff.email };
    const setup = await assignCrew(
      getDb(),
      user,
      job.id,
      form({ role: "setup", teamId: ids.sound, employeeId: ids.ana }),
      ACTOR,
    );
    expect(setup).toMatchObject({ ok: true, message: CREW_MESSAGES.assigned("Ana Sound", "Setup") });
    const strike = await assignCrew(
      getDb(),
      NOBODY,
      job.id,
      form({ role: "strike", teamId: ids.sound, employeeId: ids.bo, title: "Pack the wall", when: "2027-11-04T09:30" }),
      ACTOR,
    );
    expect(strike.ok).toBe(true);
    const rows = await getDb().select().from(tasks).where(eq(tasks.jobId, job.id));
    const byRole = Object.fromEntries(rows.map((r) => [r.jobRole, r]));
    expect(byRole.setup).toMatchObject({
      title: "Setup: Autumn Gala",
      teamId: ids.sound,
      assignedTo: ids.ana,
      status: "pending",
      priority: "medium",
    });
    // 18:00 in Dhaka less 3 hours = 09:00 UTC.
    expect(byRole.setup!.dueDate.toISOString()).toBe("2027-11-02T09:00:00.000Z");
    expect(byRole.setup!.assignedBy).not.toBeNull();
    expect(byRole.strike).toMatchObject({ title: "Pack the wall", assignedBy: null });
    expect(byRole.strike!.dueDate.toISOString()).toBe("2027-11-04T03:30:00.000Z");
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "job.crew_assigned"), eq(auditLog.entityId, byRole.setup!.id)));
    expect(audits[0]!.summary).toContain(`Ana Sound (Crew Sound) to Setup of ${jobReference(job.number)}`);

    const crew = await listCrew(getDb(), job.id);
    expect(crew.map((c) => [c.role, c.employeeName, c.teamName])).toEqual([
      ["setup", "Ana Sound", "Crew Sound"],
      ["strike", "Bo Sound", "Crew Sound"],
    ]);

    const off = await unassignCrew(getDb(), job.id, byRole.setup!.id, ACTOR);
    expect(off).toMatchObject({ ok: true, message: CREW_MESSAGES.unassigned("Ana Sound", "Setup") });
    expect((await listCrew(getDb(), job.id)).map((c) => c.role)).toEqual(["strike"]);
    const [gone] = await getDb().select().from(auditLog).where(eq(auditLog.action, "job.crew_unassigned"));
    expect(gone!.entityId).toBe(byRole.setup!.id);

    // A task of another job, or one already gone, is not this job's to take off.
    const other = await jobFor("2028-01-05", "2028-01-05");
    const before = await tableFingerprint(TABLES);
    expect(await unassignCrew(getDb(), other.id, byRole.strike!.id, ACTOR)).toMatchObject({
      ok: false,
      refusal: "not-found",
      errors: { form: CREW_MESSAGES.taskNotFound },
    });
    expect(await unassignCrew(getDb(), job.id, byRole.setup!.id, ACTOR)).toMatchObject({ refusal: "not-found" });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses, naming the field and writing nothing: role, team, membership, leave, date, the same role twice", async () => {
    const job = await jobFor("2027-12-12", "2027-12-14");
    await assignCrew(getDb(), NOBODY, job.id, form({ role: "operate", teamId: ids.sound, employeeId: ids.bo }), ACTOR);
    const before = await tableFingerprint(TABLES);
    const cases: Array<[Partial<CrewFormValues>, Record<string, string>]> = [
      [{ role: "dance", teamId: ids.sound, employeeId: ids.ana }, { role: CREW_MESSAGES.roleUnknown }],
      [{ teamId: crypto.randomUUID(), employeeId: ids.ana }, { teamId: CREW_MESSAGES.teamNotFound }],
      [{ teamId: "", employeeId: ids.ana }, { teamId: CREW_MESSAGES.teamRequired }],
      [{ teamId: ids.light, employeeId: ids.ana }, { employeeId: CREW_MESSAGES.notMember }],
      [{ teamId: ids.sound, employeeId: ids.former }, { employeeId: CREW_MESSAGES.notMember }],
      [
        { teamId: ids.sound, employeeId: ids.resting },
        { employeeId: CREW_MESSAGES.onLeave("Resting Sound", "13–20 Dec") },
      ],
      [{ teamId: ids.sound, employeeId: ids.ana, when: "2027-02-30T10:00" }, { when: CREW_MESSAGES.badWhen }],
      [
        { role: "operate", teamId: ids.sound, employeeId: ids.bo },
        { employeeId: CREW_MESSAGES.alreadyOnRole("Bo Sound", "Operate") },
      ],
    ];
    for (const [values, errors] of cases) {
      const result = await assignCrew(getDb(), NOBODY, job.id, form(values), ACTOR);
      expect(result, JSON.stringify(values)).toMatchObject({ ok: false, errors });
    }
    expect(
      await assignCrew(getDb(), NOBODY, crypto.randomUUID(), form({ teamId: ids.sound, employeeId: ids.ana }), ACTOR),
    ).toMatchObject({ refusal: "not-found", errors: { form: CREW_MESSAGES.jobNotFound } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("warns about a person on an overlapping job, assigns anyway on confirm and marks them; a later job is no clash", async () => {
    const first = await jobFor("2028-03-10", "2028-03-12", "Spring Fair");
    const second = await jobFor("2028-03-12", "2028-03-13", "Product Launch");
    const later = await jobFor("2028-03-14", "2028-03-14");
    const values = form({ role: "operate", teamId: ids.light, employeeId: ids.lightOnly });
    expect((await assignCrew(getDb(), NOBODY, first.id, values, ACTOR)).ok).toBe(true);

    const before = await tableFingerprint(TABLES);
    const warned = await assignCrew(getDb(), NOBODY, second.id, values, ACTOR);
    const firstRef = jobReference(first.number);
    expect(warned).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { confirm: CREW_MESSAGES.doubleBooked("Lia Light", `${firstRef} (Spring Fair, 10–12 Mar)`) },
      clashes: [{ jobId: first.id, reference: firstRef, startDate: "2028-03-10", endDate: "2028-03-12" }],
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    expect((await assignCrew(getDb(), NOBODY, second.id, { ...values, confirm: "1" }, ACTOR)).ok).toBe(true);
    const [row] = await listCrew(getDb(), second.id);
    expect(row!.alsoOn.map((c) => c.reference)).toEqual([firstRef]);
    const [back] = await listCrew(getDb(), first.id);
    expect(back!.alsoOn.map((c) => c.reference)).toEqual([jobReference(second.number)]);

    // The day after the second job ends: no warning.
    expect((await assignCrew(getDb(), NOBODY, later.id, values, ACTOR)).ok).toBe(true);
  });
});

describe("make event", () => {
  it("makes the job's event once (fields, free slug, event_id, organizer), refuses a second, and clears nothing else", async () => {
    const job = await jobFor("2028-05-20", "2028-05-21", "Harbour Festival");
    const twin = await jobFor("2028-06-20", "2028-06-20", "Harbour Festival");
    const made = await createJobEvent(getDb(), { id: staff.id, email: staff.email }, job.id, ACTOR);
    expect(made).toMatchObject({ ok: true, message: JOB_EVENT_MESSAGES.made("Harbour Festival") });
    if (!made.ok) return;
    const [event] = await getDb().select().from(events).where(eq(events.id, made.id));
    expect(event).toMatchObject({
      title: "Harbour Festival",
      date: "2028-05-20",
      time: "18:00:00",
      location: "Bashundhara Convention Centre, Dhaka",
      status: "upcoming",
      slug: made.slug,
    });
    expect(event!.description).toContain("Equipment by us for Test Customer");
    expect(event!.organizerId).not.toBeNull();
    const [linked] = await getDb().select({ eventId: jobs.eventId }).from(jobs).where(eq(jobs.id, job.id));
    expect(linked!.eventId).toBe(made.id);

    const before = await tableFingerprint(TABLES);
    expect(await createJobEvent(getDb(), NOBODY, job.id, ACTOR)).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: JOB_EVENT_MESSAGES.already("Harbour Festival"),
    });
    expect(await createJobEvent(getDb(), NOBODY, crypto.randomUUID(), ACTOR)).toMatchObject({ refusal: "not-found" });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    // Another job of the same title: its own slug; no employee signed in, no organizer.
    const other = await createJobEvent(getDb(), NOBODY, twin.id, ACTOR);
    expect(other.ok && other.slug).not.toBe(made.slug);
    const [second] = await getDb()
      .select()
      .from(events)
      .where(eq(events.id, other.ok ? other.id : ""));
    expect(second!.organizerId).toBeNull();
  });
});

describe("the crew tab's route", () => {
  const path = (id: string, query = "") => `/admin/jobs/${id}/crew${query}`;

  it("staff assign (the warning, then Assign anyway) and make the event; the accountant may look but not act", async () => {
    const job = await jobFor("2028-08-01", "2028-08-02");
    const clash = await jobFor("2028-08-02", "2028-08-02");
    await assignCrew(getDb(), NOBODY, clash.id, form({ role: "setup", teamId: ids.sound, employeeId: ids.ana }), ACTOR);
    const params = { id: job.id };
    const page = answerOf<{ choices: unknown; canAssign: boolean }>(
      await callRoute(loader, path(job.id, "?assign=1"), { as: staff, params }),
    );
    expect(page.body).toMatchObject({ canAssign: true });
    expect(page.body.choices).not.toBeNull();

    const assign = { intent: "assign", role: "setup", teamId: ids.sound, employeeId: ids.ana, title: "", when: "" };
    const warned = answerOf<{ clashes: unknown[]; errors: Record<string, string> }>(
      await callRoute(action, path(job.id), { as: staff, params, form: assign }),
    );
    expect(warned.status).toBe(409);
    expect(warned.body.errors.confirm).toContain(jobReference(clash.number));
    const done = await callRoute(action, path(job.id), { as: staff, params, form: { ...assign, confirm: "1" } });
    expect(done).toBeInstanceOf(Response);
    expect(flashToast(done as Response)).toMatchObject({ message: CREW_MESSAGES.assigned("Ana Sound", "Setup") });

    const crew = await listCrew(getDb(), job.id);
    const before = await tableFingerprint(TABLES);
    expect((await thrownBy(callRoute(action, path(job.id), { as: accountant, params, form: assign }))).status).toBe(
      403,
    );
    expect(
      (
        await thrownBy(
          callRoute(action, path(job.id), {
            as: accountant,
            params,
            form: { intent: "unassign", taskId: crew[0]!.taskId },
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      (await thrownBy(callRoute(action, path(job.id), { as: accountant, params, form: { intent: "create-event" } })))
        .status,
    ).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const seen = answerOf<{ canAssign: boolean; choices: unknown }>(
      await callRoute(loader, path(job.id, "?assign=1"), { as: accountant, params }),
    );
    expect(seen.body).toMatchObject({ canAssign: false, choices: null });

    const event = await callRoute(action, path(job.id), { as: staff, params, form: { intent: "create-event" } });
    expect(flashToast(event as Response)).toMatchObject({ type: "success" });
    const [linked] = await getDb().select({ eventId: jobs.eventId }).from(jobs).where(eq(jobs.id, job.id));
    expect(linked!.eventId).not.toBeNull();
    const again = await callRoute(action, path(job.id), { as: staff, params, form: { intent: "create-event" } });
    expect(flashToast(again as Response)).toMatchObject({ type: "error" });

    const off = await callRoute(action, path(job.id), {
      as: staff,
      params,
      form: { intent: "unassign", taskId: crew[0]!.taskId },
    });
    expect(flashToast(off as Response)).toMatchObject({ type: "success" });
    expect(await listCrew(getDb(), job.id)).toEqual([]);
  });
});
