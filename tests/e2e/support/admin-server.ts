import { expect, test as base, type Page } from "@playwright/test";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./isolated-server";
import { hydrated } from "./auth";

// The back-office specs that add records (items, employees, events, pictures) run on a server of their own, one
// per worker, so what they add does not move what the storefront and dashboard specs count on the shared server.

export interface TestAdmin {
  email: string;
  password: string;
}

/**
 * A `test` whose pages talk to a worker's own server with `admin` as its first administrator, and its sign-in. Call it
 * at the top of the spec file: the file's tests then run one after another in one worker (rather than spread over
 * both, each worker starting a server of its own for them); the other worker runs the other files meanwhile.
 */
export function adminServerTest(admin: TestAdmin) {
  base.describe.configure({ mode: "default" });
  const test = base.extend<object, { server: IsolatedServer }>({
    server: [
      // Playwright reads a fixture's dependencies from its first parameter: this one has none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, provide) => {
        const server = await startServer({
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          SIGN_IN_RATE_LIMIT: "1000/900",
        });
        await provide(server);
        await stopServer(server);
        removeDataDir(server.dataDir);
      },
      { scope: "worker", timeout: 150_000 },
    ],
    baseURL: async ({ server }, provide) => provide(server.url),
  });

  /** Signs in as this server's administrator and waits on `then` (a back-office path). */
  async function signIn(page: Page, then: string) {
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent(then)}`);
    await hydrated(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const landing = new URL(then, "http://localhost").pathname;
    await expect(page).toHaveURL((url) => url.pathname === landing, { timeout: 30_000 });
    await hydrated(page);
  }

  return { test, signIn };
}
