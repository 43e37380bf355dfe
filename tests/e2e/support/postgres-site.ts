import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Database } from "../../../app/db/client.server";
import { createFreshDatabase, type FreshDatabase } from "../../support/postgres";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./isolated-server";

// A spec's own server on a PostgreSQL database of its own (one per worker), with a connection to that database, so
// the spec can add what it needs (users, entries) while the server runs. Null without a PostgreSQL at 127.0.0.1
// (the spec then skips), except on CI, where that is an error.

export interface PostgresSite {
  server: IsolatedServer;
  db: Database;
  database: FreshDatabase;
  dataDir: string;
}

export async function startPostgresSite(options: {
  /** The database's and data directory's name prefix, e.g. "chart". */
  name: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<PostgresSite | null> {
  const database = await createFreshDatabase(
    process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    `e2e_${options.name}`,
  );
  if (!database) {
    if (process.env.CI) throw new Error("no PostgreSQL at 127.0.0.1:5432");
    return null;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `utsab-${options.name}-`));
  const server = await startServer({
    ...options.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    SIGN_IN_RATE_LIMIT: "1000/900",
  });
  const { openPostgres } = await import("../../../app/db/client.server");
  const db = await openPostgres(database.url, { max: 2 });
  return { server, db, database, dataDir };
}

export async function stopPostgresSite(site: PostgresSite): Promise<void> {
  await site.db.close();
  await stopServer(site.server);
  removeDataDir(site.dataDir);
  await site.database.drop();
}

/** The POSTs a page sends from now on (to prove the browser's own check stopped a form). */
export function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  return posts;
}
