import { expect, type Cookie, type Page } from "@playwright/test";
import { E2E_USERS, type E2ERole } from "./fixtures";

type Credentials = { email: string; password: string };

/** Signs in through the sign-in page, as a person would, and waits for the back office to open. */
export async function signIn(page: Page, who: E2ERole | Credentials, redirectTo?: string) {
  const user = typeof who === "string" ? E2E_USERS[who] : who;
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Checking a password costs a hash (scrypt): on a busy machine the answer can take longer than an expectation's wait.
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 30_000 });
  await hydrated(page);
}

/**
 * The back-office sessions this worker signed in through the form, by server and e-mail address: their cookies.
 * A Playwright worker is one process, so this module's state is the worker's.
 */
const sessions = new Map<string, Cookie[]>();

const SHARED_SERVER = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

/**
 * Opens the back-office page `path` signed in as `who` on the server at `origin` (the shared server unless given).
 * Only the worker's first call for a user on a server signs in through the form; later ones give the page's context
 * that session's cookies (a sign-in hashes a password and loads the sign-in page: most of a second each). For tests
 * where signing in is not the subject and the session is not ended: a test that signs out, changes the password or
 * tests the sign-in, its limits or redirects uses signIn, so the shared session stays valid for the others.
 */
export async function signedIn(page: Page, who: E2ERole | Credentials, path: string, origin = SHARED_SERVER) {
  const user = typeof who === "string" ? E2E_USERS[who] : who;
  const url = new URL(path, origin).href;
  const key = `${new URL(origin).origin} ${user.email}`;
  const cookies = sessions.get(key);
  if (cookies) {
    await page.context().addCookies(cookies);
    await open(page, url);
    if (!/\/admin\/login$/.test(new URL(page.url()).pathname)) return;
    // The server no longer knows the session (another server at the same address since): sign in afresh.
    sessions.delete(key);
  }
  await page.goto(new URL(`/admin/login?redirectTo=${encodeURIComponent(path)}`, origin).href);
  await hydrated(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 30_000 });
  await hydrated(page);
  sessions.set(key, await page.context().cookies(origin));
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
