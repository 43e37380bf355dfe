// The back office's header names the employee a sign-in acts as in tasks and leave (issue 19, security point 8):
// linked by employees.user_id, or until linked by the sign-in's e-mail; the login's own name otherwise.
import { describe, expect, it } from "vitest";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { callRoute, signedInUser } from "../../../tests/support/signed-in-request";
import { loader } from "./layout";

describe("the back office header's name", () => {
  it("is the linked employee's name, not the login's, for an administrator", async () => {
    const admin = await signedInUser("admin", { name: "Administrator" });
    await insertEmployee("Tanvir Rahman", { user: admin });
    const { user } = await callRoute(loader, "/admin", { as: admin });
    expect(user).toMatchObject({ name: "Tanvir Rahman", employeeName: "Tanvir Rahman", role: "Administrator" });
  });

  it("is the employee with the sign-in's e-mail while not yet linked", async () => {
    const staff = await signedInUser("staff", { name: "shila" });
    await insertEmployee("Shila Akter", { user: staff, link: false });
    const { user } = await callRoute(loader, "/admin", { as: staff });
    expect(user).toMatchObject({ name: "Shila Akter", employeeName: "Shila Akter", role: "Staff" });
  });

  it("is the login's name when no active employee is linked", async () => {
    const accountant = await signedInUser("accountant", { name: "Outside Auditor" });
    await insertEmployee("Former Self", { user: accountant, status: "inactive" });
    const { user } = await callRoute(loader, "/admin", { as: accountant });
    expect(user).toMatchObject({ name: "Outside Auditor", employeeName: null, role: "Accountant" });
  });
});
