import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";

// The task dialog's Assignee follows the chosen Team (issue 20): the browser offers only the people the server
// accepts for that team (`assigneesOfTeam`, app/domain/people/task-assignees.ts), and without JavaScript the
// server's refusal names the Assignee field. On a server of its own, so the tasks it adds move no shared figure.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "tasks-admin@e2e.test", password: "tasks-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

const dialog = (page: Page) => page.getByRole("dialog");

// The seeded teams' active members (app/db/seed/people.ts); Rakib Hasan is in two teams, Shirin Sultana in none.
const MEMBERS = {
  "Technical Crew": ["Arif Hossain", "Nusrat Jahan", "Rakib Hasan"],
  "Operations & Logistics": ["Mahmudul Karim", "Rakib Hasan", "Tanvir Rahman"],
  "Sales & Client Service": ["Farzana Akter", "Sadia Islam"],
} as const;

/** The Assignee select's choices, without the "Select assignee" placeholder and any "(on leave)" mark. */
async function offered(assignee: Locator): Promise<string[]> {
  const labels = await assignee.locator("option").allTextContents();
  return labels.filter((label) => label !== "Select assignee").map((label) => label.replace(/ \(on leave\)$/, ""));
}

test("the Assignee list follows the chosen team and keeps a choice only if it fits the new team @mobile", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Stack the chairs ${Date.now().toString(36)}`;
  await signedIn(page, "/admin/tasks?new=1");
  const team = dialog(page).getByLabel("Team");
  const assignee = dialog(page).getByLabel("Assignee");
  // Nobody is offered before a team is chosen.
  await expect(dialog(page).getByText("Choose a team first")).toBeVisible();
  expect(await offered(assignee)).toEqual([]);

  for (const [name, members] of Object.entries(MEMBERS)) {
    await team.selectOption({ label: name });
    await expect.poll(() => offered(assignee)).toEqual([...members]);
  }

  // Rakib Hasan is in both teams: moving to the other keeps him; Arif Hossain is not, so the choice is cleared.
  await team.selectOption({ label: "Technical Crew" });
  await assignee.selectOption({ label: "Rakib Hasan" });
  await team.selectOption({ label: "Operations & Logistics" });
  await expect(assignee.locator("option:checked")).toHaveText("Rakib Hasan");
  await team.selectOption({ label: "Technical Crew" });
  await assignee.selectOption({ label: "Arif Hossain" });
  await team.selectOption({ label: "Sales & Client Service" });
  await expect(assignee).toHaveValue("");

  // A cleared Assignee is the schema's message in the browser: nothing is sent.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog(page).getByLabel("Title").fill(title);
  await dialog(page).getByLabel("Due Date").fill("2027-04-01T09:00");
  await dialog(page).getByRole("button", { name: "Create Task" }).click();
  await expect(assignee).toHaveAccessibleDescription("Assignee is required");
  expect(posts).toEqual([]);

  // What the browser offers, the server accepts.
  await assignee.selectOption({ label: "Sadia Islam" });
  await dialog(page).getByRole("button", { name: "Create Task" }).click();
  await expect(page.getByText("Task added successfully").first()).toBeVisible();
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Sales & Client Service")).toBeVisible();
  await expect(card.getByText("Sadia Islam")).toBeVisible();

  // Editing opens on the task's team with only that team's people.
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Task" })).toBeVisible();
  await expect(dialog(page).getByLabel("Assignee")).toHaveValue(/.+/);
  await expect.poll(() => offered(dialog(page).getByLabel("Assignee"))).toEqual([...MEMBERS["Sales & Client Service"]]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every team's people are listed under the team's name, and a mismatch is refused on the Assignee field", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedIn(page, "/admin/tasks");
    await page.goto("/admin/tasks?new=1");
    const assignee = dialog(page).getByLabel("Assignee");
    for (const [name, members] of Object.entries(MEMBERS))
      expect(await offered(assignee.locator(`optgroup[label="${name}"]`))).toEqual([...members]);

    await dialog(page).getByLabel("Title").fill("Mismatched assignee");
    await dialog(page).getByLabel("Team").selectOption({ label: "Sales & Client Service" });
    const arif = await assignee
      .locator('optgroup[label="Technical Crew"] option', { hasText: "Arif Hossain" })
      .getAttribute("value");
    await assignee.selectOption(arif!);
    await dialog(page).getByLabel("Due Date").fill("2027-04-01T09:00");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await dialog(page).getByRole("button", { name: "Create Task" }).click();
    expect((await answer).status()).toBe(400);
    await expect(dialog(page).getByLabel("Assignee")).toHaveAccessibleDescription("Choose a member of the chosen team");
    // What was typed stays.
    await expect(dialog(page).getByLabel("Title")).toHaveValue("Mismatched assignee");
    await expect(dialog(page).getByLabel("Team")).toHaveValue(/.+/);
  });
});
