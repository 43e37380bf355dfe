import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir, type DataDirLock } from "../../app/lib/data-dir.server";
import { loadEnv } from "../../app/lib/env.server";

// A second process on a data directory in use (`npm run db:seed` while the server runs) must stop with one
// clear line and write nothing. This test process holds the lock the way a running server does.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "data-dir-in-use-"));
let lock: DataDirLock;
let before: Record<string, string>;

/** Every file under the data directory with its content. */
function contents(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir, { recursive: true, encoding: "utf8" }).map((f) => [
      f,
      readFileSync(path.join(dataDir, f), "utf8"),
    ]),
  );
}

beforeAll(() => {
  // What the server has written by the time it holds the lock.
  loadEnv({ DATA_DIR: dataDir });
  lock = lockDataDir(dataDir);
  before = contents();
});
afterAll(() => {
  lock.release();
  rmSync(dataDir, { recursive: true, force: true });
});

function run(entry: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [entry], {
      // Port 1 is never ours: were the lock ignored, the server would still stop instead of serving.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

const inUse = `DATA_DIR ${dataDir} is in use by another process (PID ${process.pid}). Stop it first, or point DATA_DIR elsewhere.`;

describe("a second process on a data directory in use", () => {
  it.each(["scripts/seed.ts", "scripts/migrate.ts"])("%s stops with exit code 1 and writes nothing", async (script) => {
    const result = await run(script);
    expect(result).toEqual({ status: 1, stdout: "", stderr: `Error: ${inUse}` });
    expect(contents()).toEqual(before);
  });

  it("the server does not start, with one line saying so", async () => {
    const result = await run("server.ts");
    expect(result).toEqual({ status: 1, stdout: "", stderr: `Cannot start: ${inUse}` });
    expect(contents()).toEqual(before);
  });
}, 60_000);
