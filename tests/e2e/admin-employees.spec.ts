import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { hydrated } from "./support/auth";

// Employee Management (backoffice.md §2; issue 11): add with the spec's messages, edit, delete with the spec's
// question. On a server of its own, so the employees it adds do not move the figures other specs count.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "employees-admin@e2e.test", password: "employees-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

const dialog = (page: Page) => page.getByRole("dialog");

test("add with the spec's messages, edit, and delete an employee @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Sadia Rahman ${tag}`;
  await signedIn(page, "/admin/employees");
  await expect(page.getByRole("heading", { name: "Employee Management", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Add New Employee" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add New Employee" })).toBeVisible();
  // The form's own rules run in the browser first (ADR 0022): the messages appear and nothing is sent.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(page.getByText("Failed to add employee: Name is required").first()).toBeVisible();
  await expect(dialog(page).getByText("Choose a department")).toBeVisible();
  await expect(dialog(page).getByLabel(/^Name/)).toBeFocused();
  await dialog(page).getByLabel("Salary (৳)").fill("-5");
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(dialog(page).getByText("Salary must be 0 or more")).toBeVisible();
  expect(posts).toEqual([]);

  await dialog(page).getByLabel(/^Name/).fill(name);
  await dialog(page).getByLabel("Email").fill(`sadia.${tag}@example.com`);
  await dialog(page).getByLabel("Phone").fill("01712-345678");
  await dialog(page).getByLabel("Position").selectOption("Engineer");
  await dialog(page).getByLabel("Department").selectOption("Engineering");
  await dialog(page).getByLabel("Joining Date").fill("2025-03-01");
  await dialog(page).getByLabel("Salary (৳)").fill("52000");
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(page.getByText("Employee added successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("৳52,000.00")).toBeVisible();
  await expect(row.getByText("Engineering")).toBeVisible();

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Employee" })).toBeVisible();
  await dialog(page).getByLabel("Position").selectOption("Senior Engineer");
  await dialog(page).getByRole("button", { name: "Update Employee" }).click();
  await expect(page.getByText("Employee updated successfully").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name }).getByText("Senior Engineer")).toBeVisible();

  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Delete ${name}` })
    .click();
  await expect(dialog(page).getByText("Are you sure you want to delete this employee?")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Employee deleted successfully").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("pay details (issue 25): a bKash salary needs its wallet number; the list shows the way of paying @mobile", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Rina Begum ${tag}`;
  await signedIn(page, "/admin/employees");
  await page.getByRole("link", { name: "Add New Employee" }).click();
  await dialog(page).getByLabel(/^Name/).fill(name);
  await dialog(page).getByLabel("Email").fill(`rina.${tag}@example.com`);
  await dialog(page).getByLabel("Position").selectOption("Analyst");
  await dialog(page).getByLabel("Department").selectOption("Finance");
  await dialog(page).getByLabel("Joining Date").fill("2025-06-01");
  await dialog(page).getByLabel("Salary (৳)").fill("42000");
  // Bank transfer by default, with the bank's fields; bKash swaps them for the wallet's.
  await expect(dialog(page).getByLabel("Payment method")).toHaveValue("bank");
  await expect(dialog(page).getByLabel("Account number")).toBeVisible();
  await expect(dialog(page).getByLabel("Wallet number")).toBeHidden();
  await dialog(page).getByLabel("Payment method").selectOption("bkash");
  await expect(dialog(page).getByLabel("Account number")).toBeHidden();
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(dialog(page).getByText("Wallet number is required for a salary paid by bKash or Nagad")).toBeVisible();
  await dialog(page).getByLabel("Wallet number").fill("01712-345678");
  await dialog(page).getByLabel("Leaving date").fill("2025-05-31");
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(dialog(page).getByText("Leaving date cannot be before the joining date")).toBeVisible();
  await dialog(page).getByLabel("Leaving date").fill("");
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(page.getByText("Employee added successfully").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page.getByRole("row").filter({ hasText: name }).getByText("bKash ••5678")).toBeVisible();
});

test("gives an employee a sign-in: the invitation goes to the outbox and the row says so @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Imran Hossain ${tag}`;
  const email = `imran.${tag}@example.com`;
  await signedIn(page, "/admin/employees");
  await page.getByRole("link", { name: "Add New Employee" }).click();
  await dialog(page).getByLabel(/^Name/).fill(name);
  await dialog(page).getByLabel("Email").fill(email);
  await dialog(page).getByLabel("Position").selectOption("Coordinator");
  await dialog(page).getByLabel("Department").selectOption("Operations");
  await dialog(page).getByLabel("Joining Date").fill("2025-06-01");
  await dialog(page).getByLabel("Salary (৳)").fill("30000");
  await dialog(page).getByRole("button", { name: "Add Employee" }).click();
  await expect(page.getByText("Employee added successfully").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Can sign in")).toHaveCount(0);
  await row.getByRole("link", { name: `Give ${name} a sign-in` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Give a sign-in" })).toBeVisible();
  await expect(dialog(page).getByText(email)).toBeVisible();
  await dialog(page).getByLabel("Role").selectOption("staff");
  await dialog(page).getByRole("button", { name: "Send Invitation" }).click();
  await expect(
    page.getByText(`Sign-in created: an e-mail with a temporary password is on its way to ${email}`).first(),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name }).getByText("Can sign in")).toBeVisible();
  await expect(page.getByRole("link", { name: `Give ${name} a sign-in` })).toHaveCount(0);

  await page.goto("/admin/outbox");
  await expect(page.getByText(email).first()).toBeVisible();
});

test("teams: create one with a lead, add a member, rename it, delete it @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const team = `Rigging Crew ${tag}`;
  await signedIn(page, "/admin/employees");
  await page.getByRole("link", { name: "Teams" }).click();
  await expect(page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const create = page.getByRole("form", { name: "New team" });
  await create.getByRole("button", { name: "Create Team" }).click();
  await expect(create.getByText("Team name is required")).toBeVisible();
  await create.getByLabel("New team").fill(team);
  await create.getByLabel("Lead").selectOption({ label: "Nusrat Jahan" });
  await create.getByRole("button", { name: "Create Team" }).click();
  await expect(page.getByText("Team created successfully").first()).toBeVisible();

  const card = page.getByRole("region", { name: `Team ${team}` });
  await expect(card.getByText("Led by Nusrat Jahan")).toBeVisible();
  await card.getByLabel(`Employee to add to ${team}`).selectOption({ label: "Rakib Hasan" });
  await card.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Member added").first()).toBeVisible();
  await expect(card.getByRole("list", { name: `Members of ${team}` }).getByText("Rakib Hasan")).toBeVisible();

  await card.getByLabel("Name", { exact: true }).fill(`${team} North`);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Team updated successfully").first()).toBeVisible();
  await page.getByRole("link", { name: `Delete ${team} North` }).click();
  await expect(dialog(page).getByText("Are you sure you want to delete this team?")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Team deleted successfully").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: `${team} North` })).toHaveCount(0);
});

test("leave: an employee asks for leave, overlap is refused, nobody decides their own @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, "/admin/employees");
  // The seed makes the first administrator the employee Tanvir Rahman (employees.user_id), so they may ask for
  // leave; the header names him (issue 19), not the login's "Administrator".
  await expect(page.getByRole("banner").getByRole("link", { name: /Tanvir Rahman/ })).toBeVisible();
  await page.goto("/admin/leaves");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Leave Management", level: 1 })).toBeVisible();
  const request = async (start: string, end: string) => {
    await page.getByRole("link", { name: "Request Leave" }).click();
    await dialog(page).getByLabel("Type").selectOption("vacation");
    await dialog(page).getByLabel("Start Date").fill(start);
    await dialog(page).getByLabel("End Date").fill(end);
    await dialog(page).getByRole("button", { name: "Request Leave" }).click();
  };
  await request("2026-12-28", "2026-12-30");
  await expect(page.getByText("Leave requested").first()).toBeVisible();
  await request("2026-12-30", "2027-01-02");
  await expect(dialog(page).getByText(/You already have leave from Dec 28, 2026 to Dec 30, 2026/)).toBeVisible();
  await dialog(page).getByRole("link", { name: "Cancel" }).click();

  // An administrator's own request waits for another approver: no Approve or Reject on it (issue 19).
  const row = page.getByRole("row").filter({ hasText: "Tanvir Rahman" }).filter({ hasText: "Dec 28, 2026" });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await expect(row.getByText("Another approver decides")).toBeVisible();
  await expect(row.getByRole("button", { name: /Approve|Reject/ })).toHaveCount(0);
  await page.goto("/admin/leaves?show=to-decide");
  await expect(page.getByText("No leave requests found")).toBeVisible();
});

test("tasks: the empty state, create a task for a team member, change its status, delete it @mobile", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Load the generator ${Date.now().toString(36)}`;
  await signedIn(page, "/admin/employees");
  await page.goto("/admin/tasks?show=overdue&priority=low");
  await hydrated(page);
  await expect(page.getByText("No tasks found")).toBeVisible();

  await page.goto("/admin/tasks");
  await hydrated(page);
  await page.getByRole("link", { name: "Add New Task" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add New Task" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Create Task" }).click();
  await expect(page.getByText("Failed to add task: Title is required").first()).toBeVisible();
  await dialog(page).getByLabel("Title").fill(title);
  await dialog(page).getByLabel("Team").selectOption({ label: "Operations & Logistics" });
  await dialog(page).getByLabel("Assignee").selectOption({ label: "Mahmudul Karim" });
  await dialog(page).getByLabel("Priority").selectOption("high");
  await dialog(page).getByLabel("Due Date").fill("2027-03-01T10:00");
  await dialog(page).getByRole("button", { name: "Create Task" }).click();
  await expect(page.getByText("Task added successfully").first()).toBeVisible();

  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("High priority")).toBeVisible();
  await expect(card.getByText("Mahmudul Karim")).toBeVisible();
  await card.getByLabel(`Status of ${title}`).selectOption("completed");
  await card.getByRole("button", { name: "Set" }).click();
  await expect(page.getByText("Task status updated").first()).toBeVisible();
  await expect(
    page.getByRole("article", { name: title }).getByText("Completed", { exact: true }).first(),
  ).toBeVisible();

  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await expect(dialog(page).getByText("Are you sure you want to delete this task?")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Task deleted successfully").first()).toBeVisible();
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
});
