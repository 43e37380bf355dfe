// Teams (issue 11): create, rename, set the lead (who becomes a member), add and remove members, delete a team
// without tasks; each refusal names the field and writes nothing; staff may look but not change.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { tasks, teamMembers, teams } from "~/db/schema";
import { action, loader } from "./teams";

let admin: TestUser;
let staff: TestUser;
const TABLES = ["teams", "team_members", "audit_log"] as const;

beforeAll(async () => {
  [admin, staff] = await Promise.all([signedInUser("admin"), signedInUser("staff")]);
});

const employee = (name: string, status: "active" | "inactive" = "active") => insertEmployee(name, { status });

const post = (form: Record<string, string>, as: TestUser = admin) =>
  callRoute(action, "/admin/employees/teams", { as, form });

async function create(name: string, leadId = "") {
  const response = (await post({ intent: "create", name, leadId })) as Response;
  expect(flashToast(response)).toEqual({ type: "success", message: "Team created successfully" });
  const [row] = await getDb().select().from(teams).where(eq(teams.name, name));
  return row!.id;
}

const memberIds = async (teamId: string) =>
  (await getDb().select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).map((m) => m.employeeId).sort();

describe("teams", () => {
  it("creates a team whose lead is a member, renames it, changes the lead, adds and removes members", async () => {
    const lead = await employee("Lead One");
    const other = await employee("Lead Two");
    const member = await employee("Member");
    const id = await create("Stage Crew", lead);
    expect(await memberIds(id)).toEqual([lead]);

    const updated = (await post({ intent: "update", id, name: "Stage & Lighting Crew", leadId: other })) as Response;
    expect(flashToast(updated)).toEqual({ type: "success", message: "Team updated successfully" });
    const [row] = await getDb().select().from(teams).where(eq(teams.id, id));
    expect(row).toMatchObject({ name: "Stage & Lighting Crew", leadId: other });
    expect(await memberIds(id)).toEqual([lead, other].sort());

    expect(flashToast((await post({ intent: "add-member", id, employeeId: member })) as Response)).toEqual({
      type: "success",
      message: "Member added",
    });
    expect(flashToast((await post({ intent: "remove-member", id, employeeId: lead })) as Response)).toEqual({
      type: "success",
      message: "Member removed",
    });
    expect(await memberIds(id)).toEqual([other, member].sort());

    const page = await callRoute(loader, "/admin/employees/teams", { as: staff });
    const shown = page.teams.find((t) => t.id === id)!;
    expect(shown).toMatchObject({ name: "Stage & Lighting Crew", lead: { id: other, name: "Lead Two" }, taskCount: 0 });
    expect(shown.members.map((m) => m.name)).toEqual(["Lead Two", "Member"]);
    expect(page.canManage).toBe(false);
  });

  it("deletes a team without tasks, and keeps one with tasks, saying why", async () => {
    const lead = await employee("Task Lead");
    const empty = await create("Empty Team");
    expect(flashToast((await post({ intent: "delete", id: empty })) as Response)).toEqual({
      type: "success",
      message: "Team deleted successfully",
    });
    expect(await getDb().select().from(teams).where(eq(teams.id, empty))).toEqual([]);

    const busy = await create("Busy Team", lead);
    await getDb()
      .insert(tasks)
      .values({ title: "Load the truck", teamId: busy, assignedBy: lead, dueDate: new Date("2027-01-01T10:00:00Z") });
    const before = await tableFingerprint(TABLES);
    const refused = (await post({ intent: "delete", id: busy })) as Response;
    expect(flashToast(refused)).toEqual({
      type: "error",
      message: "Failed to save team: This team has 1 task; delete or finish them first, or rename the team instead",
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("malformed team posts are refused with the field's message and write nothing", () => {
  let teamId = "";
  let inactive = "";
  let lead = "";
  beforeAll(async () => {
    lead = await employee("Malformed Lead");
    inactive = await employee("Gone Person", "inactive");
    teamId = await create("Malformed Checks", lead);
    await create("Taken Name");
  });

  const cases: [string, () => Record<string, string>, string, RegExp][] = [
    ["a new team without a name", () => ({ intent: "create", name: "  " }), "name", /^Team name is required$/],
    ["a name too long", () => ({ intent: "create", name: "x".repeat(81) }), "name", /at most 80/],
    ["a name with control characters", () => ({ intent: "create", name: "Crew\u0000" }), "name", /not allowed/],
    [
      "a name another team has",
      () => ({ intent: "create", name: "Taken Name" }),
      "name",
      /^Another team has this name$/,
    ],
    [
      "a lead that is not an id",
      () => ({ intent: "create", name: "Crew X", leadId: "boss" }),
      "leadId",
      /active employee/,
    ],
    ["an inactive lead", () => ({ intent: "create", name: "Crew Y", leadId: inactive }), "leadId", /active employee/],
    [
      "a rename to another team's name",
      () => ({ intent: "update", id: teamId, name: "Taken Name" }),
      "name",
      /Another team/,
    ],
    ["a rename to nothing", () => ({ intent: "update", id: teamId, name: "" }), "name", /required/],
    [
      "an update of an unknown team",
      () => ({ intent: "update", id: "00000000-0000-4000-8000-000000000000", name: "Z" }),
      "form",
      /no longer exists/,
    ],
    ["adding nobody", () => ({ intent: "add-member", id: teamId, employeeId: "" }), "employeeId", /active employee/],
    [
      "adding an inactive employee",
      () => ({ intent: "add-member", id: teamId, employeeId: inactive }),
      "employeeId",
      /active employee/,
    ],
    [
      "adding a member twice",
      () => ({ intent: "add-member", id: teamId, employeeId: lead }),
      "employeeId",
      /already in the team/,
    ],
    [
      "removing the lead",
      () => ({ intent: "remove-member", id: teamId, employeeId: lead }),
      "employeeId",
      /lead stays a member/,
    ],
    [
      "removing someone not in it",
      () => ({ intent: "remove-member", id: teamId, employeeId: inactive }),
      "employeeId",
      /not in the team/,
    ],
  ];

  it.each(cases)("%s", async (_name, form, field, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(await post(form()));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(/^Failed to save team: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses every change by staff (403) and leaves the team as it was", async () => {
    const before = await tableFingerprint(TABLES);
    for (const intent of ["create", "update", "delete", "add-member", "remove-member"])
      expect((await thrownBy(post({ intent, id: teamId, name: "Staff Team" }, staff))).status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const [row] = await getDb()
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.employeeId, lead)));
    expect(row).toBeDefined();
  });
});
