import { expect, type Page } from "@playwright/test";
import { E2E_USERS, type E2ERole } from "./fixtures";

/** Signs in through the sign-in page, as a person would, and waits for the back office to open. */
export async function signIn(page: Page, who: E2ERole | { email: string; password: string }, redirectTo?: string) {
  const user = typeof who === "string" ? E2E_USERS[who] : who;
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await hydrated(page);
}

/**
 * Waits until the document in the page is hydrated (React has attached its handlers: the root layout then marks
 * <html data-hydrated>), so that clicks reach React. A page whose scripts do not run (a context with JavaScript off)
 * is ready once loaded: its inline start-up script never set window.__reactRouterContext.
 */
export async function hydrated(page: Page) {
  await page.waitForLoadState("load");
  if (await page.evaluate(() => "__reactRouterContext" in window))
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Opens a page and waits until it is hydrated, so clicks reach React. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}
