import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { LOCK_FILE_NAME } from "../../app/lib/data-dir.server";
import { createFreshDatabase } from "../support/postgres";
import {
  removeDataDir,
  startServer,
  stopServer,
  withStoppedDatabase,
  type IsolatedServer,
} from "./support/isolated-server";

// Issue 39: SIGTERM (what systemd, Docker and `kill` send) ends the server within 10 seconds, letting a request
// in flight finish, closing the database and releasing the data directory's lock, so the next start opens it.

/** Resolves once the server's output contains `text` (its log lines at LOG_LEVEL=info). */
function outputContains(server: IsolatedServer, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!server.output().includes(text)) return false;
      server.child.stdout!.off("data", check);
      resolve();
      return true;
    };
    if (!check()) server.child.stdout!.on("data", check);
  });
}

/**
 * A contact form post whose body is sent in two halves: it resolves `started` once the server has taken the
 * request (its "100 Continue" answers `Expect: 100-continue` after the headers are parsed), and sends the second
 * half when `finish()` is called. `response` is the status and page the visitor gets.
 */
function slowContactPost(url: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  const half = Math.floor(body.length / 2);
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const request = http.request(`${url}/contact`, {
    method: "POST",
    headers: {
      Origin: url,
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
      Expect: "100-continue",
    },
  });
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
      res.on("error", reject);
    });
  });
  request.on("continue", () => {
    request.write(body.slice(0, half));
    started();
  });
  request.flushHeaders();
  return { started: startedPromise, finish: () => request.end(body.slice(half)), response };
}

const message = (email: string) => ({
  name: "Late Visitor",
  email,
  subject: "Sent while the server stops",
  message: "This message was half sent when SIGTERM arrived.",
});

/**
 * Sends SIGTERM while a contact form post is half sent, sends the rest once the server logs that it is stopping,
 * and checks that the post was answered in full and the process exited 0 within 10 s of the signal.
 */
async function stopWithRequestInFlight(server: IsolatedServer, email: string): Promise<void> {
  const post = slowContactPost(server.url, message(email));
  await post.started;

  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
  const signalledAt = Date.now();
  process.kill(server.child.pid!, "SIGTERM");
  // The rest of the body goes only once the server is stopping, so the request is truly in flight across it.
  await outputContains(server, '"msg":"shutting down"');
  post.finish();

  const answer = await post.response;
  expect(answer.status).toBe(200);
  expect(answer.text).toContain("Message Sent!");
  expect(await exited).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(10_000);
  expect(server.output()).toContain('"msg":"stopped"');
}

test("on PGlite: SIGTERM lets the request in flight finish, exits 0 within 10 s and leaves the data directory to the next start", async () => {
  test.setTimeout(120_000);
  const server = await startServer({ LOG_LEVEL: "info" });
  try {
    const email = "in-flight@graceful.example";
    await stopWithRequestInFlight(server, email);
    expect(existsSync(path.join(server.dataDir, LOCK_FILE_NAME))).toBe(false);

    // The next start opens the same data directory and holds the message the stopping server accepted. It is
    // stopped while a post hangs half sent for good: cut after 8 s, the server still exits 0 within the 10.
    const next = await startServer({ DATA_DIR: server.dataDir, LOG_LEVEL: "info" });
    const hung = slowContactPost(next.url, message("hung@graceful.example"));
    const hungAnswer = hung.response.catch((error: NodeJS.ErrnoException) => error.code);
    await hung.started;
    const exited = new Promise<number | null>((resolve) => next.child.once("exit", (code) => resolve(code)));
    const signalledAt = Date.now();
    process.kill(next.child.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(await hungAnswer).toBe("ECONNRESET");
    const stored = await withStoppedDatabase(server.dataDir, (db) =>
      db.query<{ email: string }>("select email from contact_messages where email = $1", [email]),
    );
    expect(stored.rows).toEqual([{ email }]);
    const hungStored = await withStoppedDatabase(server.dataDir, (db) =>
      db.query("select 1 from contact_messages where email = 'hung@graceful.example'"),
    );
    expect(hungStored.rows).toEqual([]);
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});

test("on PostgreSQL: SIGTERM lets the request in flight finish, exits 0 within 10 s and leaves no connection open", async () => {
  test.setTimeout(120_000);
  const database = await createFreshDatabase(
    process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    "e2e_stop",
  );
  test.skip(!database && !process.env.CI, "no PostgreSQL at 127.0.0.1:5432");
  expect(database).not.toBeNull();
  const server = await startServer({ DATABASE_URL: database!.url, LOG_LEVEL: "info" });
  const client = new pg.Client({ connectionString: database!.url });
  try {
    const email = "in-flight-pg@graceful.example";
    await stopWithRequestInFlight(server, email);
    await client.connect();
    // The pool and the listener of public data changes are closed: only this client is left on the database.
    const sessions = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    expect(sessions.rows).toEqual([{ count: 0 }]);
    const stored = await client.query<{ email: string }>("select email from contact_messages where email = $1", [
      email,
    ]);
    expect(stored.rows).toEqual([{ email }]);
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    removeDataDir(server.dataDir);
    await database!.drop();
  }
});
