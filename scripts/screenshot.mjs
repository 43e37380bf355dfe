// Screenshots of pages as a person sees them, at phone and desktop widths, for looking at new screens:
//   node scripts/screenshot.mjs http://127.0.0.1:3000 / /products   (writes .tmp/screenshots/*.png)
// WIDTHS=375,1280 (the default) sets the widths; HEIGHT=2000 a taller window, to see a long dialog whole.
// Back-office paths (/admin/...) are taken signed in as LOOK_AS (admin, staff or accountant; default admin),
// with the e2e server's users (tests/e2e/support/fixtures.ts); customer portal paths (/customer/...) as its
// customer.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.mjs";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? "375,1280").split(",").map(Number);
// A taller window shows a whole dialog (dialogs scroll inside the window, so a full-page shot cuts them off).
const height = process.env.HEIGHT ? Number(process.env.HEIGHT) : undefined;
const out = path.resolve(".tmp/screenshots");
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: height ?? (width < 600 ? 800 : 900) } });
    if (paths.some((p) => p.startsWith("/admin") && !p.startsWith("/admin/login"))) await signIn(page);
    let customerSignedIn = false;
    for (const p of paths.length ? paths : ["/"]) {
      if (p.startsWith("/customer/") && !p.startsWith("/customer/login") && !customerSignedIn) {
        await signInCustomer(page);
        customerSignedIn = true;
      }
      await page.goto(new URL(p, base).toString(), { waitUntil: "networkidle" });
      const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`);
      await page.screenshot({ path: file, fullPage: process.env.FULL !== "0" });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}

async function signIn(page) {
  const role = process.env.LOOK_AS ?? "admin";
  const email = `${role}@e2e.test`;
  const password = `e2e-${role}-password`;
  await page.goto(new URL("/admin/login", base).toString());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
}

/** Signs in to the customer portal as the e2e customer. */
async function signInCustomer(page) {
  await page.goto(new URL("/customer/login", base).toString());
  await page.getByLabel("Email").fill("customer@e2e.test");
  await page.getByLabel("Password").fill("e2e-customer-password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/customer/login"));
}
