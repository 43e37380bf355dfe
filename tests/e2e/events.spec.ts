import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { fixtureDate, UPCOMING_EVENTS } from "./support/fixtures";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";
import { hydrated } from "./support/auth";

// /events (tabs Upcoming and Past, kept in the URL) and /events/{id}. The shared server holds the seed (five
// events dated 2023-2024, so all past) and the two upcoming fixture events (20 and 45 days ahead).

const [fashionWeek, winterWedding] = UPCOMING_EVENTS;

/** "2026-12-11" as "December 11, 2026". */
function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardTitles = (page: Page) => cards(page).getByRole("heading", { level: 3 }).allTextContents();

/** Opens a page and waits until it is hydrated (its scripts loaded and run), so clicks reach React. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

async function expectNoSeriousA11yIssues(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test.describe("/events", () => {
  test("the Upcoming tab is the default and lists the upcoming events soonest first @mobile", async ({ page }) => {
    const response = await page.goto("/events");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Our Events | Utsab Event Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Events");

    const tabs = page.getByRole("navigation", { name: "Event lists" });
    await expect(tabs.getByRole("link", { name: "Upcoming Events" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Past Events" })).not.toHaveAttribute("aria-current", "page");

    const titles = await cardTitles(page);
    expect(titles.indexOf(fashionWeek.title)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(winterWedding.title)).toBeGreaterThan(titles.indexOf(fashionWeek.title));
    // The seed's events are all over: none of them is listed here.
    expect(titles).not.toContain("Annual Tech Summit 2024");
    expect(titles).not.toContain("Corporate Gala Night");
  });

  test("a card shows image, badge, long date, location up to the first comma, title and description", async ({
    page,
  }) => {
    await page.goto("/events");
    const card = cards(page).filter({ has: page.getByRole("heading", { name: fashionWeek.title }) });
    await expect(card.getByRole("img", { name: fashionWeek.title })).toBeVisible();
    await expect(card.getByText("Upcoming", { exact: true })).toBeVisible();
    await expect(card.locator("time")).toHaveText(longDate(fixtureDate(fashionWeek.daysFromNow)));
    await expect(card.getByText("Hall of Fame", { exact: true })).toBeVisible();
    await expect(card).not.toContainText("Bangabandhu");
    await expect(card.getByText(fashionWeek.description)).toHaveClass(/line-clamp-3/);
    await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute(
      "href",
      `/events/${fashionWeek.slug}`,
    );

    const wedding = cards(page).filter({ has: page.getByRole("heading", { name: winterWedding.title }) });
    await expect(wedding.locator("time")).toHaveText(longDate(fixtureDate(winterWedding.daysFromNow)));
    await expect(wedding.getByText("Sena Kunja", { exact: true })).toBeVisible();
  });

  test("the Past Events tab lists past events, latest first, and survives a reload @mobile", async ({ page }) => {
    await page.goto("/events");
    await page.getByRole("link", { name: "Past Events" }).click();
    await expect(page).toHaveURL(/\/events\?tab=past$/);
    await expect(page.getByRole("link", { name: "Past Events" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Upcoming Events" })).not.toHaveAttribute("aria-current", "page");

    const expected = [
      "Annual Tech Summit 2024",
      "Dhaka Wedding Expo",
      "Cox's Bazar Beach Music Festival",
      "Corporate Gala Night",
      "Smartphone Product Launch",
    ];
    await expect.poll(() => cardTitles(page)).toEqual(expect.arrayContaining(expected));
    const titles = await cardTitles(page);
    expect(titles.filter((t) => expected.includes(t))).toEqual(expected);
    expect(titles).not.toContain(fashionWeek.title);
    // Marked upcoming in the seed but dated 2024: judged over, so Completed like the rest.
    const summit = cards(page).filter({ has: page.getByRole("heading", { name: "Annual Tech Summit 2024" }) });
    await expect(summit.getByText("Completed", { exact: true })).toBeVisible();
    await expect(summit.locator("time")).toHaveText("December 15, 2024");
    await expect(summit.getByText("International Convention City Bashundhara", { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("link", { name: "Past Events" })).toHaveAttribute("aria-current", "page");
    expect((await cardTitles(page)).filter((t) => expected.includes(t))).toEqual(expected);
  });

  test("has the footer call to action", async ({ page }) => {
    await page.goto("/events");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Request a Quotation", exact: true })).toHaveAttribute(
      "href",
      "/quotation",
    );
    await expect(main.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contact");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the tabs are plain links", async ({ page }) => {
      await page.goto("/events");
      await page.getByRole("link", { name: "Past Events" }).click();
      await expect(page).toHaveURL(/\/events\?tab=past$/);
      await expect(page.getByRole("heading", { name: "Corporate Gala Night" })).toBeVisible();
    });
  });

  test("no serious accessibility issues on both tabs", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("heading", { name: fashionWeek.title })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.goto("/events?tab=past");
    await expect(page.getByRole("heading", { name: "Corporate Gala Night" })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });
});

test.describe("/events/{id}", () => {
  test("View Details opens the event page with its details @mobile", async ({ page }) => {
    await page.goto("/events");
    await page.getByRole("link", { name: `View Details: ${fashionWeek.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${fashionWeek.slug}$`));

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fashionWeek.title);
    await expect(page).toHaveTitle(`${fashionWeek.title} | Utsab Event Technologies`);
    const main = page.getByRole("main");
    await expect(main.getByText("Upcoming", { exact: true })).toBeVisible();
    await expect(main.locator("time").first()).toHaveText(longDate(fixtureDate(fashionWeek.daysFromNow)));
    await expect(main.getByText("7:00 PM", { exact: true })).toBeVisible();
    await expect(main.getByText(fashionWeek.location, { exact: true })).toBeVisible();
    await expect(main.getByText(fashionWeek.description)).toBeVisible();
    await expect(main.getByText("Capacity: 900 guests", { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Request a Quotation" })).toHaveAttribute("href", "/quotation");
    await expect(main.getByRole("link", { name: "Back to Events" })).toHaveAttribute("href", "/events");
    // Both of its pictures.
    await expect(main.getByRole("button", { name: /^View photo \d of 2/ })).toHaveCount(2);
  });

  test("its pictures open in the lightbox, which closes by Escape and locks the page scroll", async ({ page }) => {
    await open(page, `/events/${fashionWeek.slug}`);
    await page.getByRole("button", { name: `View photo 2 of 2: ${fashionWeek.title}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveAttribute("src", fashionWeek.images[1]);
    await expect(dialog.getByText("2 / 2")).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("img")).toHaveAttribute("src", fashionWeek.images[0]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  });

  test("an event without capacity shows none; og:image is the event's picture", async ({ page }) => {
    await page.goto(`/events/${winterWedding.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(winterWedding.title);
    await expect(page.getByRole("main")).not.toContainText("Capacity");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${winterWedding.image.replace(/\./g, "\\.")}$`),
    );
  });

  test("a past event says Completed and leads back to the Past Events tab", async ({ page }) => {
    await page.goto("/events/annual-tech-summit-2024");
    const main = page.getByRole("main");
    await expect(main.getByText("Completed", { exact: true })).toBeVisible();
    await expect(main.getByText("Capacity: 1,500 guests", { exact: true })).toBeVisible();
    await expect(main.getByText("9:00 AM", { exact: true })).toBeVisible();
    await main.getByRole("link", { name: "Back to Events" }).click();
    await expect(page).toHaveURL(/\/events\?tab=past$/);
    await expect(page.getByRole("link", { name: "Past Events" })).toHaveAttribute("aria-current", "page");
  });

  test("an unknown id answers 404 with the event not-found page @mobile", async ({ page }) => {
    const response = await page.goto("/events/no-such-event");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event Not Found");
    await expect(page.getByText("The event you're looking for doesn't exist or has been removed.")).toBeVisible();
    // Inside the site's header and footer.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test("no serious accessibility issues on an event page", async ({ page }) => {
    await page.goto(`/events/${fashionWeek.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });
});

test("a fresh install lists the three sample events as upcoming; with none left the tab says so", async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startServer();
  try {
    await page.goto(`${server.url}/events`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Annual Tech Summit 2024" })).toBeVisible();
    await page.goto(`${server.url}/events?tab=past`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(2);
    expect(await stopServer(server)).toBe(0);

    // The samples held, nothing new announced: the Upcoming tab is empty and leads to the past events.
    await withStoppedDatabase(server.dataDir, (db) => db.query("update events set status = 'completed'"));
    const again = await startServer({ DATA_DIR: server.dataDir });
    try {
      await page.goto(`${again.url}/events`);
      await expect(page.getByRole("heading", { name: "No events found" })).toBeVisible();
      await expect(
        page.getByText("We have no upcoming events announced right now. Check back soon or see our past events."),
      ).toBeVisible();
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
      await page.getByRole("link", { name: "See Past Events" }).click();
      await expect(page).toHaveURL(/\/events\?tab=past$/);
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(5);
    } finally {
      await stopServer(again);
    }
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});
