import { expect, type Page } from "@playwright/test";
import { E2E_USERS, type E2ERole } from "./fixtures";

/** Signs in through the sign-in page, as a person would, and waits for the back office to open. */
export async function signIn(page: Page, who: E2ERole | { email: string; password: string }, redirectTo?: string) {
  const user = typeof who === "string" ? E2E_USERS[who] : who;
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await page.waitForLoadState("networkidle");
}

/** Opens a page and waits until it is hydrated (its scripts loaded and run), so clicks reach React. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  return response;
}
