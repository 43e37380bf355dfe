// Employees written straight to the database, for tests of the people screens.
import { getDb } from "../../app/db/client.server";
import { employees } from "../../app/db/schema";

let seq = 0;

/**
 * An active employee named `name`; with `user`, one with that sign-in's e-mail, linked by user_id when `link` is
 * set (unlinked, the sign-in still finds it by its e-mail).
 */
export async function insertEmployee(
  name: string,
  options: { user?: { id: string; email: string }; link?: boolean; status?: "active" | "inactive" } = {},
): Promise<string> {
  const [row] = await getDb()
    .insert(employees)
    .values({
      userId: options.user && options.link !== false ? options.user.id : null,
      name,
      email: options.user?.email ?? `${name.toLowerCase().replace(/\W+/g, ".")}.${++seq}.${Date.now()}@staff.test`,
      position: "Engineer",
      department: "Operations",
      joiningDate: "2023-01-01",
      salary: "30000",
      status: options.status ?? "active",
    })
    .returning({ id: employees.id });
  return row!.id;
}
