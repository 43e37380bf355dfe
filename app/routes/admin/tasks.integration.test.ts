// Task Management (issue 11): a lead creates tasks only in teams they lead, for members of those teams; an admin
// in any team; assigned_by is the current employee; the assignee may change the status of their own task; only the
// lead, the assigner or an admin edits or deletes; the choices mark who is on leave today; refusals write nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { answerOf, callRoute, flashToast, signedInUser, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { leaves, tasks, teamMembers, teams } from "~/db/schema";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action, loader } from "./tasks";

const TABLES = ["tasks", "audit_log"] as const;
let admin: TestUser;
let lead: TestUser;
let worker: TestUser;
let otherLead: TestUser;
const ids = { lead: "", worker: "", resting: "", former: "", otherLead: "", team: "", otherTeam: "" };

beforeAll(async () => {
  [admin, lead, worker, otherLead] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff", { name: "Task Lead" }),
    signedInUser("staff", { name: "Task Worker" }),
    signedInUser("staff", { name: "Other Lead" }),
  ]);
  ids.lead = await insertEmployee("Task Lead", { user: lead });
  ids.worker = await insertEmployee("Task Worker", { user: worker });
  ids.resting = await insertEmployee("Resting Member");
  ids.former = await insertEmployee("Former Member", { status: "inactive" });
  ids.otherLead = await insertEmployee("Other Lead", { user: otherLead });
  const [team] = await getDb().insert(teams).values({ name: "Sound Crew", leadId: ids.lead }).returning();
  const [other] = await getDb().insert(teams).values({ name: "Light Crew", leadId: ids.otherLead }).returning();
  ids.team = team!.id;
  ids.otherTeam = other!.id;
  await getDb()
    .insert(teamMembers)
    .values([
      { teamId: ids.team, employeeId: ids.lead },
      { teamId: ids.team, employeeId: ids.worker },
      { teamId: ids.team, employeeId: ids.resting },
      { teamId: ids.team, employeeId: ids.former },
      { teamId: ids.otherTeam, employeeId: ids.otherLead },
    ]);
  const today = todayInDhaka();
  await getDb()
    .insert(leaves)
    .values({ employeeId: ids.resting, type: "sick", startDate: today, endDate: today, status: "approved" });
});

const VALID = () => ({
  intent: "create",
  title: "Rig the main stage",
  description: "Truss and line array",
  teamId: ids.team,
  assignedTo: ids.worker,
  status: "pending",
  priority: "high",
  dueDate: "2027-01-10T09:30",
});

const post = (as: TestUser, form: Record<string, string>) => callRoute(action, "/admin/tasks?new=1", { as, form });

async function create(title: string, as = lead) {
  const response = (await post(as, { ...VALID(), title })) as Response;
  expect(flashToast(response)).toEqual({ type: "success", message: "Task added successfully" });
  const [row] = await getDb().select().from(tasks).where(eq(tasks.title, title));
  return row!;
}

describe("creating and choices", () => {
  it("offers a lead only the teams they lead and their active members, marking who is on leave today", async () => {
    const page = await callRoute(loader, "/admin/tasks?new=1", { as: lead });
    expect(page.choices!.teams.map((t) => t.name)).toEqual(["Sound Crew"]);
    // The inactive "Former Member" of Sound Crew is not offered.
    expect(page.choices!.members.map((m) => [m.name, m.onLeave])).toEqual([
      ["Resting Member", true],
      ["Task Lead", false],
      ["Task Worker", false],
    ]);
    expect(page.dialog).toMatchObject({ kind: "create" });
    // A member who leads nothing may not create tasks.
    const asWorker = await callRoute(loader, "/admin/tasks?new=1", { as: worker });
    expect(asWorker).toMatchObject({ canCreate: false, dialog: null });
  });

  it("creates a task recorded as assigned by the lead, due at the Dhaka time typed", async () => {
    const task = await create("Rig the main stage");
    expect(task).toMatchObject({ teamId: ids.team, assignedTo: ids.worker, assignedBy: ids.lead, priority: "high" });
    expect(task.dueDate.toISOString()).toBe("2027-01-10T03:30:00.000Z");
  });

  it("accepts every assignee the dialog offers for each team, and refuses the rest with the Assignee field", async () => {
    const page = await callRoute(loader, "/admin/tasks?new=1", { as: admin });
    const teamsOffered = page.choices!.teams.filter((t) => t.id === ids.team || t.id === ids.otherTeam);
    expect(teamsOffered).toHaveLength(2);
    for (const team of teamsOffered) {
      const offered = page.choices!.members.filter((m) => m.teamId === team.id);
      expect(offered.length).toBeGreaterThan(0);
      for (const member of offered) {
        const title = `Offered ${team.name} ${member.name}`;
        const response = (await post(admin, { ...VALID(), title, teamId: team.id, assignedTo: member.id })) as Response;
        expect(flashToast(response)).toMatchObject({ type: "success" });
      }
    }
    const before = await tableFingerprint(TABLES);
    for (const [teamId, assignedTo] of [
      [ids.otherTeam, ids.worker],
      [ids.team, ids.former],
    ] as const) {
      const answer = answerOf<{ errors: Record<string, string> }>(
        await post(admin, { ...VALID(), title: "Not offered", teamId, assignedTo }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ assignedTo: "Choose a member of the chosen team" });
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("lets an administrator use any team", async () => {
    const response = (await post(admin, {
      ...VALID(),
      title: "Focus the lights",
      teamId: ids.otherTeam,
      assignedTo: ids.otherLead,
    })) as Response;
    expect(flashToast(response)).toMatchObject({ type: "success" });
  });
});

describe("who may change what", () => {
  it("lets the assignee change the status of their own task, and nobody else's", async () => {
    const task = await create("Test the microphones");
    const moved = (await callRoute(action, "/admin/tasks", {
      as: worker,
      form: { intent: "status", id: task.id, status: "in-progress" },
    })) as Response;
    expect(flashToast(moved)).toEqual({ type: "success", message: "Task status updated" });
    expect((await getDb().select().from(tasks).where(eq(tasks.id, task.id)))[0]!.status).toBe("in-progress");

    const before = await tableFingerprint(TABLES);
    const refused = (await callRoute(action, "/admin/tasks", {
      as: otherLead,
      form: { intent: "status", id: task.id, status: "completed" },
    })) as Response;
    expect(flashToast(refused)).toEqual({
      type: "error",
      message:
        "Failed to update task: Only the assignee, the team's lead or an administrator may change this task's status",
    });
    const deleteByWorker = (await callRoute(action, "/admin/tasks", {
      as: worker,
      form: { intent: "delete", id: task.id },
    })) as Response;
    expect(flashToast(deleteByWorker)).toMatchObject({
      type: "error",
      message: expect.stringMatching(/^Failed to delete task: Only the team's lead/),
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("lets the lead edit (refusing a stale form) and delete", async () => {
    const task = await create("Pack the cables");
    const page = await callRoute(loader, `/admin/tasks?edit=${task.id}`, { as: lead });
    const values = page.dialog!.kind === "update" ? page.dialog!.values : null;
    expect(values).toMatchObject({ title: "Pack the cables", dueDate: "2027-01-10T09:30" });
    const saved = (await callRoute(action, "/admin/tasks", {
      as: lead,
      form: { ...values!, intent: "update", priority: "low" },
    })) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: "Task updated successfully" });
    const stale = answerOf<{ errors: Record<string, string> }>(
      await callRoute(action, "/admin/tasks", { as: lead, form: { ...values!, intent: "update", priority: "medium" } }),
    );
    expect(stale.status).toBe(409);
    const deleted = (await callRoute(action, "/admin/tasks", {
      as: lead,
      form: { intent: "delete", id: task.id },
    })) as Response;
    expect(flashToast(deleted)).toEqual({ type: "success", message: "Task deleted successfully" });
  });

  it("lists overdue tasks and a member's own", async () => {
    await create("Past due job");
    await getDb()
      .update(tasks)
      .set({ dueDate: new Date("2020-01-01T00:00:00Z") })
      .where(eq(tasks.title, "Past due job"));
    const overdue = await callRoute(loader, "/admin/tasks?show=overdue", { as: lead });
    expect(overdue.page.rows.map((r) => [r.title, r.overdue])).toEqual([["Past due job", true]]);
    const mine = await callRoute(loader, "/admin/tasks?show=mine", { as: worker });
    expect(mine.page.rows.every((r) => r.assigneeName === "Task Worker" && r.canChangeStatus)).toBe(true);
  });
});

describe("malformed task forms are refused with the field's message and write nothing", () => {
  const cases: [string, () => Record<string, string>, string, RegExp][] = [
    ["no title", () => ({ ...VALID(), title: " " }), "title", /^Title is required$/],
    ["a title too long", () => ({ ...VALID(), title: "x".repeat(201) }), "title", /at most 200/],
    ["a title on two lines", () => ({ ...VALID(), title: "a\nb" }), "title", /not allowed/],
    ["no team", () => ({ ...VALID(), teamId: "" }), "teamId", /^Team is required$/],
    [
      "a team the lead does not lead",
      () => ({ ...VALID(), teamId: ids.otherTeam, assignedTo: ids.otherLead }),
      "teamId",
      /team you lead/,
    ],
    ["a team that is not an id", () => ({ ...VALID(), teamId: "sound" }), "teamId", /team you lead/],
    ["no assignee", () => ({ ...VALID(), assignedTo: "" }), "assignedTo", /^Assignee is required$/],
    [
      "an assignee outside the team",
      () => ({ ...VALID(), assignedTo: ids.otherLead }),
      "assignedTo",
      /member of the chosen team/,
    ],
    ["an unknown status", () => ({ ...VALID(), status: "done" }), "status", /^Choose a status$/],
    ["an unknown priority", () => ({ ...VALID(), priority: "urgent" }), "priority", /^Choose a priority$/],
    ["no due date", () => ({ ...VALID(), dueDate: "" }), "dueDate", /^Due date is required$/],
    ["an impossible due date", () => ({ ...VALID(), dueDate: "2027-02-30T10:00" }), "dueDate", /date and time/],
    ["a due date without a time", () => ({ ...VALID(), dueDate: "2027-02-10" }), "dueDate", /date and time/],
    [
      "an edit of an unknown task",
      () => ({ ...VALID(), intent: "update", id: "00000000-0000-4000-8000-000000000000" }),
      "form",
      /no longer exists/,
    ],
  ];
  it.each(cases)("%s", async (_name, form, field, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(await post(lead, form()));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(/^Failed to (add|update) task: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});
