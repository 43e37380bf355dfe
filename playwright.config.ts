import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from "./scripts/lib/chromium.mjs";

// Run through `npm run test:e2e` (scripts/e2e.mjs), which builds, starts the production server on a free
// port with a fresh data directory and sets E2E_BASE_URL.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

const chromium = { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  // Signing in hashes a password (scrypt): on a loaded 2-core machine a page can take seconds to answer.
  expect: { timeout: 15_000 },
  // No trace on the run itself; scripts/e2e.mjs runs what failed again with --trace retain-on-failure.
  use: { baseURL, trace: "off", launchOptions: chromium },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      // Tests of phone-only controls (the menu button) run only at phone width.
      grepInvert: /@mobile-only/,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 }, launchOptions: chromium },
      // "@mobile" in a title: the test runs at 375 px too; "@mobile-only": only there.
      grep: /@mobile/,
    },
  ],
});
