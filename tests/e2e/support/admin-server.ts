import { expect, test as base, type Page } from "@playwright/test";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./isolated-server";
import { signedIn as signedInOn } from "./auth";

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
  // The worker's server of this file (set by the fixture), so signedIn knows where its session belongs.
  let current: IsolatedServer | undefined;

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
        current = server;
        await provide(server);
        current = undefined;
        await stopServer(server);
        removeDataDir(server.dataDir);
      },
      { scope: "worker", timeout: 150_000 },
    ],
    baseURL: async ({ server }, provide) => provide(server.url),
  });

  /**
   * Opens `then` (a back-office path) signed in as this server's administrator: through the form the first time in
   * the worker, with that session's cookies afterwards (support/auth.ts signedIn).
   */
  async function signedIn(page: Page, then: string) {
    if (!current) throw new Error("signedIn: the test does not use this spec's server (call it from its test)");
    await signedInOn(page, admin, then, current.url);
    const landing = new URL(then, "http://localhost").pathname;
    await expect(page).toHaveURL((url) => url.pathname === landing, { timeout: 30_000 });
  }

  return { test, signedIn };
}
