import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort } from "../../scripts/free-port.mjs";

// Starts its own production servers (build/server.js, built by scripts/e2e.mjs) to prove that the first
// start migrates and seeds, that a restart keeps the data and does not seed again, that what the home page
// shows is read from the database, and that SIGTERM stops the server cleanly. Once on PGlite, once on
// PostgreSQL.

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      PATH: process.env.PATH!,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output: () => output };
}

function stopServer(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once("exit", (code) => resolve(code));
    process.kill(running.child.pid!, "SIGTERM");
  });
}

async function homeHeading(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "";
}

test.describe.configure({ mode: "serial" });

test("on PGlite: first start seeds, a restart keeps the data, SIGTERM stops cleanly", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-restart-"));
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toContain("Administrator account created");
    expect(await homeHeading(first.url)).toBe("Utsab Event Technologies");
    expect(await stopServer(first)).toBe(0);

    // Change the data while no server runs; the next start must show it and must not seed again.
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    await db.query("update company_settings set name = 'Renamed Rentals Ltd'");
    await db.close();

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await homeHeading(second.url)).toBe("Renamed Rentals Ltd");
    expect(second.output()).not.toContain("Administrator account created");
    expect(await stopServer(second)).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("on PostgreSQL: the same product runs with DATABASE_URL", async () => {
  test.setTimeout(120_000);
  const serverUrl = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const admin = new pg.Client({ connectionString: serverUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  test.skip(!reachable && !process.env.CI, "no PostgreSQL at 127.0.0.1:5432");
  expect(reachable).toBe(true);
  const name = `e2e_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-restart-pg-"));
  try {
    const first = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    expect(first.output()).toContain("Administrator account created");
    expect(await homeHeading(first.url)).toBe("Utsab Event Technologies");
    const health = await (await fetch(`${first.url}/healthz`)).json();
    expect(health).toEqual({ status: "ok", database: "postgres" });
    expect(await stopServer(first)).toBe(0);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("update company_settings set name = 'Renamed on PostgreSQL'");
    await client.end();

    const second = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    expect(await homeHeading(second.url)).toBe("Renamed on PostgreSQL");
    expect(second.output()).not.toContain("Administrator account created");
    expect(await stopServer(second)).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
