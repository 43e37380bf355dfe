import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Starts the real entry (server.ts) with bad configuration and reads what an operator would see.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "startup-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, HOST: "127.0.0.1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

// Each start compiles server.ts with tsx: seconds on a busy machine, more than vitest's default 5 s.
describe("starting the server with bad configuration", { timeout: 60_000 }, () => {
  it("stops on a bad PORT with one line naming it", () => {
    const run = start({ PORT: "abc" });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Cannot start: environment variable PORT must be a whole number between 1 and 65535 (got "abc")',
    );
    expect(run.stdout).toBe("");
  });

  it("stops on a DATABASE_URL that is not a PostgreSQL URL with one line naming it", () => {
    const run = start({ DATABASE_URL: "mysql://root@localhost/rentals" });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      "Cannot start: environment variable DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database",
    );
  });

  it("stops on a DATABASE_URL nobody answers at with one line naming it", () => {
    const run = start({ DATABASE_URL: "postgres://postgres:secret@127.0.0.1:1/rentals" });
    expect(run.status).toBe(1);
    expect(run.stderr.split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^Cannot start: DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/rentals \(.*ECONNREFUSED.*\)$/,
    );
    expect(run.stderr).not.toContain("secret");
  });
});
