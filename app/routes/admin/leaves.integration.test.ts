// Leave (issue 11): a staff member asks for leave for themselves; overlapping leave is refused; the lead of one of
// their teams or an administrator approves or rejects (approved_by recorded); nobody else may, and nobody decides
// their own, administrators included (issue 19); the year's approved days per type; every refusal names its field
// and writes nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { answerOf, callRoute, flashToast, signedInUser, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { leaves, teamMembers, teams } from "~/db/schema";
import { action, loader } from "./leaves";

const TABLES = ["leaves", "audit_log"] as const;
let admin: TestUser;
let worker: TestUser;
let lead: TestUser;
let outsider: TestUser;
let stranger: TestUser;
let employedAdmin: TestUser;
const ids: Record<"worker" | "lead" | "outsider" | "employedAdmin", string> = {
  worker: "",
  lead: "",
  outsider: "",
  employedAdmin: "",
};

beforeAll(async () => {
  [admin, worker, lead, outsider, stranger, employedAdmin] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff", { name: "Worker Bee" }),
    signedInUser("staff", { name: "Team Lead" }),
    signedInUser("staff", { name: "Other Lead" }),
    signedInUser("staff", { name: "No Employee" }),
    signedInUser("admin", { name: "Admin Manager" }),
  ]);
  ids.employedAdmin = await insertEmployee(employedAdmin.name, { user: employedAdmin });
  ids.worker = await insertEmployee(worker.name, { user: worker, link: false });
  ids.lead = await insertEmployee(lead.name, { user: lead });
  ids.outsider = await insertEmployee(outsider.name, { user: outsider });
  const [team] = await getDb().insert(teams).values({ name: "Leave Crew", leadId: ids.lead }).returning();
  const [otherTeam] = await getDb().insert(teams).values({ name: "Other Crew", leadId: ids.outsider }).returning();
  await getDb()
    .insert(teamMembers)
    .values([
      { teamId: team!.id, employeeId: ids.worker },
      { teamId: team!.id, employeeId: ids.lead },
      { teamId: otherTeam!.id, employeeId: ids.outsider },
    ]);
});

const ask = (as: TestUser, form: Record<string, string>) =>
  callRoute(action, "/admin/leaves?new=1", { as, form: { intent: "request", ...form } });
const decide = (as: TestUser, intent: "approve" | "reject", id: string) =>
  callRoute(action, "/admin/leaves", { as, form: { intent, id } });

async function leaveOf(employeeId: string, startDate: string) {
  const rows = await getDb().select().from(leaves).where(eq(leaves.employeeId, employeeId));
  return rows.find((r) => r.startDate === startDate)!;
}

describe("asking for leave", () => {
  it("stores a pending request for the signed-in employee, found by their sign-in's e-mail", async () => {
    const response = (await ask(worker, {
      type: "vacation",
      startDate: "2026-12-20",
      endDate: "2026-12-24",
      reason: "Family wedding",
    })) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Leave requested" });
    expect(response.headers.get("location")).toBe("/admin/leaves");
    expect(await leaveOf(ids.worker, "2026-12-20")).toMatchObject({
      status: "pending",
      type: "vacation",
      endDate: "2026-12-24",
    });
  });

  it("refuses leave overlapping the same person's pending or approved leave, naming the dates", async () => {
    await ask(worker, { type: "sick", startDate: "2026-11-02", endDate: "2026-11-03" });
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string> }>(
      await ask(worker, { type: "other", startDate: "2026-11-03", endDate: "2026-11-05" }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.errors.startDate).toBe(
      "You already have leave from Nov 02, 2026 to Nov 03, 2026 on some of these days",
    );
    expect(await tableFingerprint(TABLES)).toEqual(before);
    // The day after is free.
    expect(
      flashToast((await ask(worker, { type: "other", startDate: "2026-11-04", endDate: "2026-11-04" })) as Response),
    ).toMatchObject({
      type: "success",
    });
  });

  it("says so to a user who is no employee", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string> }>(
      await ask(stranger, { type: "sick", startDate: "2026-10-01", endDate: "2026-10-01" }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body.errors.form).toMatch(/not linked to an employee record/);
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect((await callRoute(loader, "/admin/leaves?new=1", { as: stranger })).requesting).toBe(false);
  });
});

describe("deciding", () => {
  it("lets the team's lead approve, records who, and counts the days in the year's summary", async () => {
    await ask(worker, { type: "sick", startDate: "2026-09-29", endDate: "2026-10-02" });
    const leave = await leaveOf(ids.worker, "2026-09-29");
    const page = await callRoute(loader, "/admin/leaves?show=to-decide", { as: lead });
    expect(page.page.rows.find((r) => r.id === leave.id)).toMatchObject({ canDecide: true, days: 4 });

    expect(flashToast((await decide(lead, "approve", leave.id)) as Response)).toEqual({
      type: "success",
      message: "Leave approved",
    });
    const [stored] = await getDb().select().from(leaves).where(eq(leaves.id, leave.id));
    expect(stored).toMatchObject({ status: "approved", approvedBy: ids.lead });
    const summary = await callRoute(loader, "/admin/leaves?year=2026", { as: admin });
    expect(summary.summary.find((r) => r.employeeId === ids.worker)).toMatchObject({ sick: 4 });
    expect(summary.page.rows.find((r) => r.id === leave.id)!.approvedByName).toBe("Team Lead");
  });

  it("refuses a lead of another team, a lead's own leave, and a decided request; an admin may decide any", async () => {
    await ask(worker, { type: "vacation", startDate: "2027-02-01", endDate: "2027-02-02" });
    await ask(lead, { type: "vacation", startDate: "2027-02-01", endDate: "2027-02-03" });
    const workers = await leaveOf(ids.worker, "2027-02-01");
    const leads = await leaveOf(ids.lead, "2027-02-01");
    const before = await tableFingerprint(TABLES);
    const failures = [
      [outsider, workers.id, /Only an administrator or the lead of one of the employee's teams/],
      [lead, leads.id, /^Failed to update leave: You cannot decide your own leave: another administrator/],
      [stranger, workers.id, /not linked to an employee record/],
      [lead, "00000000-0000-4000-8000-000000000000", /no longer exists/],
      [lead, "not-an-id", /no longer exists/],
    ] as const;
    for (const [who, id, message] of failures) {
      const toast = flashToast((await decide(who, "approve", id)) as Response) as { type: string; message: string };
      expect(toast.type).toBe("error");
      expect(toast.message).toMatch(/^Failed to update leave: /);
      expect(toast.message).toMatch(message);
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);

    expect(flashToast((await decide(admin, "reject", leads.id)) as Response)).toEqual({
      type: "success",
      message: "Leave rejected",
    });
    const again = flashToast((await decide(admin, "approve", leads.id)) as Response) as { message: string };
    expect(again.message).toBe("Failed to update leave: Only a pending request can be decided (this one is rejected)");
  });
});

describe("an administrator's own leave", () => {
  it("is refused to them with a clear message, writes nothing, and offers them no Approve or Reject", async () => {
    await ask(employedAdmin, { type: "vacation", startDate: "2027-03-10", endDate: "2027-03-12" });
    const own = await leaveOf(ids.employedAdmin, "2027-03-10");
    expect(own.status).toBe("pending");

    const before = await tableFingerprint(TABLES);
    for (const intent of ["approve", "reject"] as const) {
      expect(flashToast((await decide(employedAdmin, intent, own.id)) as Response)).toEqual({
        type: "error",
        message:
          "Failed to update leave: You cannot decide your own leave: another administrator or a lead of one of your teams decides it",
      });
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);

    // The screen offers no decision on one's own request, nor lists it as waiting for them...
    const everyone = await callRoute(loader, "/admin/leaves", { as: employedAdmin });
    expect(everyone.myEmployeeId).toBe(ids.employedAdmin);
    expect(everyone.page.rows.find((r) => r.id === own.id)).toMatchObject({ canDecide: false });
    const waiting = await callRoute(loader, "/admin/leaves?show=to-decide", { as: employedAdmin });
    expect(waiting.page.rows.map((r) => r.id)).not.toContain(own.id);
    // ...while other people's requests stay theirs to decide.
    await ask(worker, { type: "sick", startDate: "2027-03-10", endDate: "2027-03-10" });
    const workers = await leaveOf(ids.worker, "2027-03-10");
    const again = await callRoute(loader, "/admin/leaves?show=to-decide", { as: employedAdmin });
    expect(again.page.rows.find((r) => r.id === workers.id)).toMatchObject({ canDecide: true });

    // Another administrator decides it.
    const others = await callRoute(loader, "/admin/leaves", { as: admin });
    expect(others.page.rows.find((r) => r.id === own.id)).toMatchObject({ canDecide: true });
    expect(flashToast((await decide(admin, "approve", own.id)) as Response)).toEqual({
      type: "success",
      message: "Leave approved",
    });
  });
});

describe("malformed leave requests are refused with the field's message and write nothing", () => {
  const cases: [string, Record<string, string>, string, RegExp][] = [
    ["no type", { type: "", startDate: "2027-05-01", endDate: "2027-05-01" }, "type", /sick, vacation or other/],
    [
      "an unknown type",
      { type: "holiday", startDate: "2027-05-01", endDate: "2027-05-01" },
      "type",
      /sick, vacation or other/,
    ],
    ["no start date", { type: "sick", startDate: "", endDate: "2027-05-01" }, "startDate", /^Start date is required$/],
    [
      "an impossible start date",
      { type: "sick", startDate: "2027-02-30", endDate: "2027-03-01" },
      "startDate",
      /must be a date/,
    ],
    ["no end date", { type: "sick", startDate: "2027-05-01", endDate: "" }, "endDate", /^End date is required$/],
    [
      "an end before the start",
      { type: "sick", startDate: "2027-05-05", endDate: "2027-05-01" },
      "endDate",
      /cannot be before/,
    ],
    [
      "more than 90 days",
      { type: "other", startDate: "2027-01-01", endDate: "2027-06-01" },
      "endDate",
      /at most 90 days/,
    ],
    [
      "a reason too long",
      { type: "sick", startDate: "2027-05-01", endDate: "2027-05-01", reason: "x".repeat(1001) },
      "reason",
      /at most 1000/,
    ],
    [
      "a reason with control characters",
      { type: "sick", startDate: "2027-05-01", endDate: "2027-05-01", reason: "ill\u0000" },
      "reason",
      /not allowed/,
    ],
  ];
  it.each(cases)("%s", async (_name, form, field, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(await ask(worker, form));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(/^Failed to request leave: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});
