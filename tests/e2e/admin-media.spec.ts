import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { seedId } from "../../app/db/seed/ids";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./support/isolated-server";
import { hydrated, signedIn } from "./support/auth";

// Logo Management and Hero Image Management (backoffice.md §2, §8): uploads with a progress bar, each refused
// upload with its message, reordering by mouse and by keyboard (kept after a reload), deleting after the shared
// delete dialog asks, the storefront header and home page showing the change, and the same screens without
// JavaScript; the Gallery screen's Edit dialog checked in the browser before it posts (ADR 0022). These tests change
// the logos and hero pictures every other spec checks on the shared server, so they run on a server of their own
// (one per project: the phone test gets its own too).

const ADMIN = { email: "media-admin@e2e.test", password: "media-admin-password" };
const SEED_LOGOS = ["Utsab emblem", "Utsab Events"];
/** The seed's first gallery picture ("Telecom Annual Conference"; app/db/seed/content.ts). */
const GALLERY_FIRST_TITLE = "Telecom Annual Conference";
const GALLERY_FIRST = seedId("gallery:corporate");

// Each test signs in, uploads and reloads several times: more than the default 30 s on a busy machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });

let server: IsolatedServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIGN_IN_RATE_LIMIT: "1000/900",
  });
});

test.afterAll(async () => {
  if (!server) return;
  await stopServer(server);
  removeDataDir(server.dataDir);
});

const url = (path: string) => `${server.url}${path}`;

/** Opens `then` signed in as the server's administrator: through the form once in the worker (support/auth.ts). */
async function signIn(page: Page, then: string) {
  await signedIn(page, ADMIN, then, server.url);
  await expect(page).toHaveURL(url(then));
}

/** A picture file written to the test's own folder. */
async function pictureFile(
  name: string,
  width: number,
  height: number,
  hue: [number, number, number],
): Promise<string> {
  const path = test.info().outputPath(name);
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: hue[0], g: hue[1], b: hue[2] } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="white"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  writeFileSync(path, bytes);
  return path;
}

function file(name: string, contents: string | Buffer): string {
  const path = test.info().outputPath(name);
  writeFileSync(path, contents);
  return path;
}

const rows = (page: Page, list: string) => page.getByRole("list", { name: list }).locator(":scope > li");

/** The logos' names as the list shows them, first to last. */
async function logoNames(page: Page): Promise<string[]> {
  await expect(rows(page, "Logos").first()).toBeVisible();
  return rows(page, "Logos").locator("p.font-medium").allTextContents();
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

async function uploadLogo(page: Page, name: string, path: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Logo image").setInputFiles(path);
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await page.getByRole("button", { name: "Upload Logo" }).click();
  // The toast of an upload just before may still be on screen: the new row is what tells this one is done. The
  // upload is read, checked and resized (sharp) before the answer: on two busy cores that took over 15 s once.
  await expect(toast(page, "Logo uploaded successfully").first()).toBeVisible({ timeout: 30_000 });
  await expect(rows(page, "Logos").filter({ hasText: name })).toHaveCount(1);
}

/** How many logos the header shows at a window width (app/ui/header-logos.tsx): 2, from 640 px 3, from 1280 px 4. */
const headerLogoCount = (width: number) => (width >= 1280 ? 4 : width >= 640 ? 3 : 2);

/** The logos the storefront header shows at the page's width (the later ones are hidden below their width). */
function shownHeaderLogos(page: Page): Locator {
  return page.locator("header").first().locator("img[data-logo]").filter({ visible: true });
}

/** Deletes a logo through the shared delete dialog. */
async function deleteLogo(page: Page, name: string) {
  await page.getByRole("link", { name: `Delete ${name}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this logo?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  // The delete is a navigation back to the list, over once the dialog has gone with its ?delete= address: a name
  // typed into the upload form before then was found empty at the upload (twice in full runs of this file).
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => !url.searchParams.has("delete"));
  await expect(toast(page, "Logo deleted successfully").first()).toBeVisible();
  await expect(rows(page, "Logos").filter({ hasText: name })).toHaveCount(0);
}

/** Drags one row's handle onto another row with the mouse, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, onto: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + from.width / 2, to.y + to.height / 2 - 4, { steps: 20 });
  await page.mouse.up();
}

test("uploads a logo with a progress bar; it joins the end of the list and the storefront header at once", async ({
  page,
}) => {
  await signIn(page, "/admin/logos");
  await expect(page.getByRole("heading", { name: "Logo Management", level: 1 })).toBeVisible();
  expect(await logoNames(page)).toEqual(SEED_LOGOS);

  // The upload is held back a moment on its way, so the busy state can be seen.
  await page.route("**/admin/logos/upload", async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.getByLabel("Name").fill("Partner Wide");
  await page.getByLabel("Logo image").setInputFiles(await pictureFile("partner.png", 1200, 400, [20, 90, 160]));
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(toast(page, "Logo uploaded successfully")).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upload Logo" })).toBeEnabled();
  // The form is empty again, and the new logo is last.
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect.poll(() => logoNames(page)).toEqual([...SEED_LOGOS, "Partner Wide"]);
  const added = rows(page, "Logos").last();
  await expect(added.getByText("Uploaded", { exact: true })).toBeVisible();

  // The storefront's header shows it at once, in its stored widths.
  await page.goto(url("/"));
  const logos = page.locator("header").first().locator("img");
  await expect(logos).toHaveCount(3);
  await expect(logos.last()).toHaveAttribute("src", /^\/media\/logos\/[0-9a-f-]{36}-1200\.webp$/);
  await expect(logos.last()).toHaveAttribute("srcset", /-320\.webp 320w, .*-640\.webp 640w, .*-1200\.webp 1200w$/);
  await expect(logos.last()).toHaveAttribute("width", "120");
  expect(await logos.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("reorders by dragging with the mouse, and the order is kept after a reload", async ({ page }) => {
  await signIn(page, "/admin/logos");
  const before = await logoNames(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const list = rows(page, "Logos");
  await drag(page, page.getByRole("button", { name: `Reorder ${before.at(-1)}` }), list.first());
  const dragged = [before.at(-1)!, ...before.slice(0, -1)];
  await expect(toast(page, "Order updated successfully")).toBeVisible();
  await expect.poll(() => logoNames(page)).toEqual(dragged);
  await page.reload();
  expect(await logoNames(page)).toEqual(dragged);

  // The storefront follows.
  await page.goto(url("/"));
  const header = page.locator("header").first().locator("img");
  await expect(header.first()).toHaveAttribute("src", /^\/media\/logos\//);

  // Put back as it was.
  await page.goto(url("/admin/logos"));
  await hydrated(page);
  await drag(page, page.getByRole("button", { name: `Reorder ${dragged[0]}` }), rows(page, "Logos").last());
  await expect.poll(() => logoNames(page)).toEqual(before);
});

test("reorders with the keyboard: Space, arrow keys, Space; announced to screen readers and kept after a reload", async ({
  page,
}) => {
  await signIn(page, "/admin/logos");
  const before = await logoNames(page);
  const handle = page.getByRole("button", { name: `Reorder ${before[0]}` });
  await handle.focus();
  await page.keyboard.press("Space");
  const live = page.locator("[id^='DndLiveRegion']");
  await expect(live).toContainText(`Picked up ${before[0]}. It is in position 1 of ${before.length}.`);
  // Each key waits for its announcement, as a person listening would. dnd-kit listens for the arrow keys a moment
  // after a pick-up is announced; on a busy machine the first press can come before that, so it is pressed again
  // until the move is announced (never once the move was: the text is read before each press).
  const movedTo2 = `${before[0]} was moved into position 2 of ${before.length}.`;
  await expect(async () => {
    if (!(await live.textContent())?.includes(movedTo2)) await page.keyboard.press("ArrowDown");
    await expect(live).toContainText(movedTo2, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press("ArrowDown");
  await expect(live).toContainText(`${before[0]} was moved into position 3 of ${before.length}.`);
  await page.keyboard.press("ArrowUp");
  await expect(live).toContainText(`${before[0]} was moved into position 2 of ${before.length}.`);
  await page.keyboard.press("Space");
  await expect(live).toContainText(`${before[0]} was dropped at position 2 of ${before.length}.`);
  await expect(toast(page, "Order updated successfully")).toBeVisible();
  const moved = [before[1]!, before[0]!, ...before.slice(2)];
  await expect.poll(() => logoNames(page)).toEqual(moved);
  // The handle keeps the focus, so the next move can follow.
  await expect(page.getByRole("button", { name: `Reorder ${before[0]}` })).toBeFocused();
  await page.reload();
  await hydrated(page);
  expect(await logoNames(page)).toEqual(moved);

  // The same wait for dnd-kit to listen after a pick-up; pressing again is harmless: the row cannot go above 1.
  const moveToTop = () =>
    expect(async () => {
      await page.keyboard.press("ArrowUp");
      await expect(live).toContainText(`${before[0]} was moved into position 1 of ${before.length}.`, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });

  // Escape puts a row back where it was, saving nothing.
  await page.getByRole("button", { name: `Reorder ${before[0]}` }).focus();
  await page.keyboard.press("Space");
  await expect(live).toContainText(`Picked up ${before[0]}. It is in position 2 of ${before.length}.`);
  await moveToTop();
  await page.keyboard.press("Escape");
  await expect(live).toContainText("Moving was cancelled.");
  expect(await logoNames(page)).toEqual(moved);

  // Put back as it was.
  await page.keyboard.press("Space");
  await expect(live).toContainText("Picked up");
  await moveToTop();
  await page.keyboard.press("Space");
  await expect.poll(() => logoNames(page)).toEqual(before);
});

test("each refused upload shows its reason and the spec's toast, and adds nothing", async ({ page }) => {
  await signIn(page, "/admin/logos");
  const before = await logoNames(page);
  // A valid PNG of random noise, 1500 × 1500: about 6.4 MB, over the 5 MB limit.
  const noise = await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(noise.length).toBeGreaterThan(6 * 1024 * 1024);
  const cases = [
    [
      "a text file renamed to .png",
      file("notes.png", "Meeting notes, not a picture at all."),
      "Only JPEG, PNG, WebP or AVIF images can be uploaded.",
    ],
    [
      "an SVG",
      file("logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>'),
      "Only JPEG, PNG, WebP or AVIF images can be uploaded.",
    ],
    ["a 6 MB image", file("noise.png", noise), "The image is larger than 5 MB."],
    ["an empty file", file("empty.png", ""), "The file is empty."],
  ] as const;
  for (const [what, path, reason] of cases) {
    await test.step(what, async () => {
      await page.getByLabel("Name").fill(`Refused ${what}`);
      await page.getByLabel("Logo image").setInputFiles(path);
      await page.getByRole("button", { name: "Upload Logo" }).click();
      await expect(page.getByText(reason, { exact: true })).toBeVisible();
      await expect(page.getByLabel("Logo image")).toHaveAttribute("aria-invalid", "true");
      await expect(toast(page, "Failed to upload logo").first()).toBeVisible();
      // What was typed is kept.
      await expect(page.getByLabel("Name")).toHaveValue(`Refused ${what}`);
    });
  }
  await page.reload();
  expect(await logoNames(page)).toEqual(before);
});

test("deletes a logo after asking first; its files go with it and the storefront drops it", async ({
  page,
  request,
}) => {
  await signIn(page, "/admin/logos");
  await uploadLogo(page, "Short Lived", await pictureFile("short.png", 500, 200, [200, 40, 40]));
  await page.goto(url("/"));
  const src = await page.locator("header").first().locator("img").last().getAttribute("src");
  expect(src).toMatch(/^\/media\/logos\//);
  expect((await request.get(url(src!))).status()).toBe(200);

  await page.goto(url("/admin/logos"));
  await hydrated(page);
  const before = await logoNames(page);
  // The back office's one delete dialog, opened by the URL.
  await page.getByRole("link", { name: "Delete Short Lived" }).click();
  await expect(page).toHaveURL(/\/admin\/logos\?delete=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: "Delete this logo?" });
  await expect(dialog).toContainText(
    "“Short Lived” will no longer appear in the website's header and its files are deleted.",
  );
  // Cancel keeps it.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(url("/admin/logos"));
  expect(await logoNames(page)).toEqual(before);
  await page.getByRole("link", { name: "Delete Short Lived" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Logo deleted successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => logoNames(page)).toEqual(before.filter((n) => n !== "Short Lived"));

  expect((await request.get(url(src!))).status()).toBe(404);
  // The home page as the server sends it now (this browser may keep its copy for the 60 s the page allows).
  const home = await request.get(url("/"));
  expect(home.status()).toBe(200);
  expect(await home.text()).not.toContain(src!);
});

test("the Logos screen previews the header with its logos, and the chosen file before it is uploaded", async ({
  page,
}) => {
  await signIn(page, "/admin/logos");
  const names = await logoNames(page);
  const preview = page.getByRole("group", { name: "Header preview" });
  // Each width shows as many logos as the header does there, first in the list first.
  for (const width of [375, 768, 1280]) {
    const bar = preview.locator(`[data-preview="${width}-hero"] img[data-logo]`);
    await expect(bar).toHaveCount(Math.min(headerLogoCount(width), names.length));
    await expect(bar.first()).toHaveAttribute("data-logo", names[0]!);
  }
  await expect(preview.locator('[data-preview="1280-scrolled"] img[data-logo]')).toHaveCount(Math.min(4, names.length));
  // Each row says where the header shows it.
  await expect(rows(page, "Logos").nth(0)).toContainText("In the header on every screen");
  await expect(rows(page, "Logos").nth(2)).toContainText("In the header on screens from 640 px wide");

  // A file chosen is shown as the header will show it, as it is (no filter), before anything is sent.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("Logo image").setInputFiles(await pictureFile("chosen.png", 600, 200, [30, 150, 60]));
  const chosen = page.getByRole("group", { name: "Preview of the chosen logo" });
  await expect(chosen.locator("img[data-logo]")).toHaveCount(2);
  for (const img of await chosen.locator("img[data-logo]").all()) {
    await expect(img).toHaveAttribute("src", /^blob:/);
    await expect(img).toHaveCSS("filter", "none");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(600);
  }
  const position = names.length + 1;
  await expect(chosen).toContainText(
    `It will be logo ${position}: ${position <= 2 ? "in the header on every screen" : position <= 4 ? `in the header on screens from ${position === 3 ? 640 : 1280} px wide` : "not in the header"}`,
  );
  // The whole header's preview has it too, outlined, where the header would show it.
  const inComputer = preview.locator('[data-preview="1280-hero"] img[data-logo="chosen.png (not uploaded yet)"]');
  await expect(inComputer).toHaveCount(position <= 4 ? 1 : 0);
  expect(posts).toEqual([]);

  // A file the browser cannot draw says so instead.
  await page.getByLabel("Logo image").setInputFiles(file("notes.png", "Meeting notes, not a picture at all."));
  await expect(page.getByText("This file cannot be shown as a picture, so it cannot be previewed.")).toBeVisible();
  await expect(chosen).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("the gallery's Edit dialog shows a wrong field's message before anything is sent, then saves", async ({
  page,
}) => {
  await signIn(page, "/admin/gallery");
  const card = rows(page, "Gallery pictures").filter({ hasText: GALLERY_FIRST_TITLE });
  await card.getByRole("link", { name: `Edit ${GALLERY_FIRST_TITLE}` }).click();
  await expect(page).toHaveURL(/\/admin\/gallery\?edit=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: "Edit Gallery Picture" });
  await expect(dialog.getByLabel("Caption")).toHaveValue(GALLERY_FIRST_TITLE);

  // Every POST the page sends while the fields are wrong: none may leave.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog.getByLabel("Caption").fill("   ");
  await dialog.getByLabel("Tags").fill(`stage, ${"t".repeat(41)}`);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Caption is required", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Each tag must be at most 40 characters", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Caption")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Caption")).toBeFocused();
  await expect(toast(page, "Failed to update gallery item")).toBeVisible();
  expect(posts).toEqual([]);

  // Put right, it is sent, saved, and the dialog closes.
  await dialog.getByLabel("Caption").fill("Telecom Annual Gala");
  await dialog.getByLabel("Tags").fill("stage, gala");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Gallery item updated successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(url("/admin/gallery"));
  expect(posts).toHaveLength(1);
  await expect(rows(page, "Gallery pictures").first()).toContainText("Telecom Annual Gala");
  await expect(rows(page, "Gallery pictures").first()).toContainText("#stage #gala");
});

test("the screens have no serious accessibility issues in their content", async ({ page }) => {
  await signIn(page, "/admin/logos");
  for (const path of ["/admin/logos", "/admin/hero", "/admin/gallery", `/admin/gallery?edit=${GALLERY_FIRST}`]) {
    await page.goto(url(path));
    await hydrated(page);
    // The screen itself; the menu around it belongs to the admin layout.
    const results = await new AxeBuilder({ page }).include("#admin-main").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("uploads as a multipart post, moves with Move up / Move down, and deletes after a confirmation page", async ({
    page,
  }) => {
    await signIn(page, "/admin/logos");
    const before = await logoNames(page);
    await page.getByLabel("Name").fill("Plain Post");
    await page.getByLabel("Logo image").setInputFiles(await pictureFile("plain.png", 300, 120, [40, 160, 90]));
    await page.getByRole("button", { name: "Upload Logo" }).click();
    await expect.poll(() => logoNames(page)).toEqual([...before, "Plain Post"]);

    // A refusal comes back in the page.
    await page.getByLabel("Name").fill("Plain Text");
    await page.getByLabel("Logo image").setInputFiles(file("plain.jpg", "not a picture"));
    await page.getByRole("button", { name: "Upload Logo" }).click();
    await expect(page.getByText("Only JPEG, PNG, WebP or AVIF images can be uploaded.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Plain Text");

    await page.getByRole("button", { name: "Move Plain Post up" }).click();
    const moved = [...before.slice(0, -1), "Plain Post", before.at(-1)!];
    await expect.poll(() => logoNames(page)).toEqual(moved);
    await page.getByRole("button", { name: "Move Plain Post down" }).click();
    await expect.poll(() => logoNames(page)).toEqual([...before, "Plain Post"]);

    await page.getByRole("link", { name: "Delete Plain Post" }).click();
    await expect(page).toHaveURL(/\/admin\/logos\?delete=/);
    // The shared dialog, as the server renders it (without JavaScript Radix does not name it by its title).
    const confirm = page.getByRole("dialog").filter({ hasText: "Delete this logo?" });
    await expect(confirm).toContainText("“Plain Post” will no longer appear in the website's header");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => logoNames(page)).toEqual(before);
  });
});

test("hero images: upload with a description, move, and delete, on a phone too @mobile", async ({ page }) => {
  await signIn(page, "/admin/hero");
  await expect(page.getByRole("heading", { name: "Hero Image Management", level: 1 })).toBeVisible();
  const cards = rows(page, "Hero images");
  await expect(cards).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  await page.getByLabel("Description (optional)").fill("A drone show over the river");
  await page.getByLabel(/^Image/).setInputFiles(await pictureFile("drone.png", 1920, 1080, [10, 20, 60]));
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(toast(page, "Hero image uploaded successfully")).toBeVisible();
  await expect(cards).toHaveCount(5);
  await expect(cards.last()).toContainText("A drone show over the river");

  // The home page's slideshow has it, last, in its stored widths.
  await page.goto(url("/"));
  const slide = page.locator('img[alt="A drone show over the river"]');
  await expect(slide).toHaveAttribute("srcset", /-1920\.webp 1920w$/);

  await page.goto(url("/admin/hero"));
  await hydrated(page);
  await page.getByRole("button", { name: "Move hero image 5 up" }).click();
  await expect(toast(page, "Order updated successfully")).toBeVisible();
  await expect(cards.nth(3)).toContainText("A drone show over the river");
  await page.reload();
  await expect(cards.nth(3)).toContainText("A drone show over the river");

  await page.getByRole("link", { name: "Delete hero image 4" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this hero image?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Hero image deleted successfully")).toBeVisible();
  await expect(cards).toHaveCount(4);
  await expect(page.getByText("A drone show over the river")).toHaveCount(0);
});

test("the storefront header at 375 px keeps its menu button on screen with 1, 3 and many logos, and shows a colour logo as uploaded", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, "/admin/logos");
  // This test runs last: it ends with one logo.
  const start = await logoNames(page);
  for (let i = start.length; i < 3; i++)
    await uploadLogo(page, `Filler ${i + 1}`, await pictureFile(`filler-${i}.png`, 900, 300, [90, 60, 140]));
  expect(await logoNames(page)).toHaveLength(3);

  let visits = 0;
  /** The header at `width`: as many logos as it shows there, all on screen, and its buttons whole. */
  async function checkHeader(width: number, logoCount: number) {
    await page.setViewportSize({ width, height: 740 });
    // A new address each time: the browser may keep the home page for the 60 s it allows.
    await page.goto(url(`/?visit=${++visits}`));
    await hydrated(page);
    const header = page.locator("header").first();
    const shown = shownHeaderLogos(page);
    await expect(shown).toHaveCount(Math.min(headerLogoCount(width), logoCount));
    const buttons =
      width < 1024
        ? [page.getByRole("button", { name: "Open menu" })]
        : [
            header.getByRole("link", { name: "Home", exact: true }),
            header.getByRole("link", { name: "Contact", exact: true }),
          ];
    if (width >= 640) buttons.push(header.getByRole("link", { name: "Request Quotation" }).first());
    for (const button of buttons) await expect(button).toBeInViewport({ ratio: 1 });
    const firstButton = (await buttons[0]!.boundingBox())!;
    for (const logo of await shown.all()) {
      const box = (await logo.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      // Logos never run under the links and buttons.
      expect(box.x + box.width).toBeLessThanOrEqual(firstButton.x);
      expect(box.height).toBeGreaterThan(20);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  await test.step("three logos", async () => {
    await checkHeader(375, 3);
    await checkHeader(640, 3);
  });

  await test.step("many logos, wide and tall ones too", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url("/admin/logos"));
    await hydrated(page);
    await uploadLogo(page, "Very Wide Sponsor", await pictureFile("very-wide.png", 1600, 200, [10, 120, 200]));
    await uploadLogo(page, "Tall Partner", await pictureFile("tall.png", 300, 600, [200, 120, 10]));
    await uploadLogo(page, "Square Partner", await pictureFile("square.png", 400, 400, [120, 10, 200]));
    const count = (await logoNames(page)).length;
    expect(count).toBe(6);
    for (const width of [375, 640, 1024, 1280]) await checkHeader(width, count);
  });

  await test.step("one colour logo: shown as uploaded over the home page's picture", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url("/admin/logos"));
    await hydrated(page);
    for (const name of await logoNames(page)) await deleteLogo(page, name);
    await uploadLogo(page, "Red Mark", await pictureFile("red.png", 600, 300, [230, 20, 30]));
    await checkHeader(375, 1);

    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const logo = shownHeaderLogos(page).first();
    await expect(logo).toHaveAttribute("data-logo", "Red Mark");
    await expect(logo).toHaveCSS("filter", "none");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Left of the white square in its middle the logo is red, as uploaded (a brightness or invert filter would
    // make it white or cyan).
    const box = (await logo.boundingBox())!;
    const shot = await page.screenshot({ clip: box });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const x = Math.round(info.width * 0.1);
    const y = Math.round(info.height * 0.5);
    const at = (y * info.width + x) * info.channels;
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    expect(r).toBeGreaterThan(190);
    expect(g).toBeLessThan(70);
    expect(b).toBeLessThan(80);
  });
});
