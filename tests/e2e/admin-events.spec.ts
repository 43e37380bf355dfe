import path from "node:path";
import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";

// Event Management and the Gallery screen (backoffice.md §2; issue 11): adding an event with its image, the spec's
// messages, editing, deleting after the spec's question, and a gallery picture uploaded, re-captioned, moved to
// another category and deleted; the storefront's events pages, success stories and gallery follow each change at
// once. On a server of their own: the events and pictures they add must not move what the storefront specs count.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "events-admin@e2e.test", password: "events-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PICTURE = path.resolve("public/images/events/annual-tech-summit-2024-1.webp");
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test("add an event with its image, edit it to completed, delete it: the storefront follows at once @mobile", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  const title = `Rooftop Jazz Night ${tag}`;
  const slug = `rooftop-jazz-night-${tag}`;
  await signedIn(page, "/admin/events");
  await expect(page.getByRole("heading", { name: "Event Management", level: 1 })).toBeVisible();

  // An empty form: each required field is named, the spec's toast says why, the dialog stays open.
  await page.getByRole("link", { name: "Add New Event" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add New Event" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Add Event" }).click();
  await expect(toast(page, "Failed to add event: Title is required")).toBeVisible();
  await expect(dialog(page).getByText("Organizer is required")).toBeVisible();
  await expect(dialog(page).getByText("Time is required")).toBeVisible();

  const d = dialog(page);
  await d.getByLabel("Title").fill(title);
  await d.getByLabel("Description").fill("A jazz quartet under the stars, with warm uplighting.");
  await d.getByLabel("Date").fill("2099-05-20");
  await d.getByLabel("Time").fill("19:30");
  await d.getByLabel("Location").fill("Gulshan Rooftop, Dhaka");
  await d.getByLabel("Capacity").fill("-3");
  await d.getByLabel("Organizer").selectOption({ index: 1 });
  await d.getByLabel("Upload image").setInputFiles(PICTURE);
  await d.getByRole("button", { name: "Add Event" }).click();
  await expect(dialog(page).getByText("Capacity must be a whole number from 0 to 1,000,000")).toBeVisible();
  await expect(dialog(page).getByLabel("Title")).toHaveValue(title);

  // A file input is emptied by the refusal: chosen again with the capacity put right.
  await dialog(page).getByLabel("Capacity").fill("250");
  await dialog(page).getByLabel("Upload image").setInputFiles(PICTURE);
  await dialog(page).getByRole("button", { name: "Add Event" }).click();
  await expect(toast(page, "Event added successfully")).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Upcoming")).toBeVisible();
  await expect(card.getByText("May 20, 2099 at 7:30 PM")).toBeVisible();
  await expect(card.getByText("Gulshan Rooftop")).toBeVisible();
  await expect(card.getByText("Capacity 250")).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/events\/.+\.webp$/);

  // The cards' sorts are links; the search stays.
  const sorts = page.getByRole("navigation", { name: "Sort" });
  await expect(sorts.getByRole("link", { name: /Date/ })).toHaveAttribute("aria-current", "true");
  await sorts.getByRole("link", { name: "Title" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}.*sort=title|sort=title.*q=${tag}`));
  await expect(sorts.getByRole("link", { name: /Title/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("article", { name: title })).toBeVisible();

  // The storefront: the upcoming events list and the event's own page, with the uploaded picture.
  const storefront = await page.context().newPage();
  await storefront.goto("/events");
  await expect(storefront.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await storefront.goto(`/events/${slug}`);
  await expect(storefront.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(storefront.locator('img[src^="/media/events/"]').first()).toBeVisible();

  // Edit: completed, it leaves the upcoming list and leads the home page's success stories.
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Event" })).toBeVisible();
  await expect(dialog(page).getByLabel("Time")).toHaveValue("19:30");
  await dialog(page).getByLabel("Status").selectOption("completed");
  await dialog(page).getByRole("button", { name: "Update Event" }).click();
  await expect(toast(page, "Event updated successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: title }).getByText("Completed")).toBeVisible();
  const home = await page.request.get("/");
  expect(await home.text()).toContain(title);
  const upcoming = await page.request.get("/events");
  expect(await upcoming.text()).not.toContain(title);

  // Delete asks the spec's question first; the event's page is then gone.
  await page
    .getByRole("article", { name: title })
    .getByRole("link", { name: `Delete ${title}` })
    .click();
  await expect(dialog(page).getByText("Are you sure you want to delete this event?")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Event deleted successfully")).toBeVisible();
  await expect(page.getByText("No events found")).toBeVisible();
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(404);
});

test("an upcoming event whose day has gone is marked completed from its card @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const title = `Spring Fair ${tag}`;
  await signedIn(page, "/admin/events?new=1");
  const d = dialog(page);
  await d.getByLabel("Title").fill(title);
  await d.getByLabel("Description").fill("Last spring's fair, entered late.");
  await d.getByLabel("Date").fill("2020-03-01");
  await d.getByLabel("Time").fill("10:00");
  await d.getByLabel("Location").fill("Dhanmondi, Dhaka");
  await d.getByLabel("Organizer").selectOption({ index: 1 });
  await d.getByRole("button", { name: "Add Event" }).click();
  await expect(toast(page, "Event added successfully")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Its day has passed")).toBeVisible();
  await card.getByRole("button", { name: `Mark ${title} completed` }).click();
  await expect(toast(page, "Event updated successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: title }).getByText("Completed")).toBeVisible();
  await expect(page.getByRole("article", { name: title }).getByText("Its day has passed")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
});

test("upload a gallery picture, change its caption and category, delete it: the gallery page follows @mobile", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  const caption = `Mehndi Stage ${tag}`;
  const renamed = `Holud Stage ${tag}`;
  await signedIn(page, "/admin/gallery");
  await expect(page.getByRole("heading", { name: "Gallery", level: 1 })).toBeVisible();

  // A refused upload names the field and keeps what was typed.
  await page.getByLabel("Caption").fill(caption);
  await page.getByLabel(/^Picture/).setInputFiles(PICTURE);
  await page.getByRole("button", { name: "Upload Picture" }).click();
  await expect(page.getByText("Choose a category", { exact: true }).last()).toBeVisible();
  await expect(toast(page, "Failed to upload gallery item")).toBeVisible();

  await page.getByLabel("Category").selectOption({ label: "Weddings & Celebrations" });
  await page.getByLabel("Tags").fill("mehndi, stage");
  await page.getByRole("button", { name: "Upload Picture" }).click();
  await expect(toast(page, "Gallery item uploaded successfully")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: caption });
  await expect(item).toBeVisible();
  await expect(item.getByText("#mehndi #stage")).toBeVisible();

  const weddings = await page.request.get("/gallery?category=wedding");
  expect(await weddings.text()).toContain(caption);

  // Edit: a new caption and category; the gallery page's filter follows.
  await item.getByRole("link", { name: `Edit ${caption}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Gallery Picture" })).toBeVisible();
  await expect(dialog(page).getByLabel("Tags")).toHaveValue("mehndi, stage");
  await dialog(page).getByLabel("Caption").fill(renamed);
  await dialog(page).getByLabel("Category").selectOption({ label: "Concerts & Festivals" });
  await dialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Gallery item updated successfully")).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  const moved = page.getByRole("listitem").filter({ hasText: renamed });
  await expect(moved.getByText("Concerts & Festivals")).toBeVisible();
  const storefront = await page.context().newPage();
  await storefront.goto("/gallery?category=concert");
  await expect(storefront.getByText(renamed)).toBeVisible();
  expect(await (await page.request.get("/gallery?category=wedding")).text()).not.toContain(renamed);

  // Delete asks first; the picture then leaves the gallery page.
  await moved.getByRole("link", { name: `Delete ${renamed}` }).click();
  await expect(dialog(page).getByText(/will no longer appear in the gallery/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Gallery item deleted successfully")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: renamed })).toHaveCount(0);
  expect(await (await page.request.get("/gallery")).text()).not.toContain(renamed);
});
