import { describe, expect, it } from "vitest";
import { assigneesOfTeam, mayBeAssigned, type TeamMembership } from "./task-assignees";

const SOUND = "11111111-1111-4111-8111-111111111111";
const LIGHT = "22222222-2222-4222-8222-222222222222";
const members: TeamMembership[] = [
  { teamId: SOUND, id: "ayesha", status: "active" },
  { teamId: SOUND, id: "babul", status: "inactive" },
  { teamId: LIGHT, id: "chandan", status: "active" },
  // Someone in two teams may be given either team's tasks.
  { teamId: LIGHT, id: "ayesha", status: "active" },
];

describe("assigneesOfTeam", () => {
  it("offers the chosen team's active members only, in the order given", () => {
    expect(assigneesOfTeam(members, SOUND).map((m) => m.id)).toEqual(["ayesha"]);
    expect(assigneesOfTeam(members, LIGHT).map((m) => m.id)).toEqual(["chandan", "ayesha"]);
  });

  it("offers nobody before a team is chosen, or for a team with no active member", () => {
    expect(assigneesOfTeam(members, "")).toEqual([]);
    expect(assigneesOfTeam([{ teamId: SOUND, id: "babul", status: "inactive" }], SOUND)).toEqual([]);
  });
});

describe("mayBeAssigned", () => {
  it("refuses a member of another team and an inactive member, as the dialog leaves them out", () => {
    expect(mayBeAssigned(members, SOUND, "ayesha")).toBe(true);
    expect(mayBeAssigned(members, LIGHT, "ayesha")).toBe(true);
    expect(mayBeAssigned(members, SOUND, "chandan")).toBe(false);
    expect(mayBeAssigned(members, SOUND, "babul")).toBe(false);
    expect(mayBeAssigned(members, SOUND, "")).toBe(false);
  });
});
