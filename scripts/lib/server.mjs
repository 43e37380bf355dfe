// Build the app, prepare a fresh database and run the production server on a free port: shared by the
// e2e runner, the Lighthouse script and the screenshot script.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";
import { copyMigratedTemplate } from "./pglite-template.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function run(cmd, args, env = process.env) {
  return spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
}

export function buildOrExit() {
  if (run("npm", ["run", "build", "--silent"]).status !== 0) process.exit(1);
}

/**
 * Starts build/server.js on a free port of 127.0.0.1 with a new data directory holding the seed and the
 * e2e fixtures. Resolves once /healthz answers; `stop()` ends it by PID and removes the data directory
 * (unless `{ keepData: true }`). With `template` (pglite-template.mjs) its database starts as a copy of that migrated one.
 */
export async function startPreparedServer({ env: extra = {}, stdio = "inherit", template } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-server-"));
  if (template) copyMigratedTemplate(template, dataDir);
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_EMAIL: "admin@e2e.test",
    ADMIN_PASSWORD: "e2e-admin-password",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // Tests and measurements submit public forms many times from one address.
    FORM_RATE_LIMIT: "1000/60",
    // Specs sign in with wrong passwords on purpose, all from 127.0.0.1; the limit itself has a spec of its own.
    SIGN_IN_RATE_LIMIT: "1000/900",
    ...extra,
  };
  if (run(path.join(root, "node_modules/.bin/tsx"), ["tests/e2e/support/prepare-database.ts"], env).status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error("could not prepare the database");
  }
  const child = spawn(process.execPath, ["build/server.js"], { cwd: root, env, stdio: ["ignore", stdio, stdio] });
  const stop = ({ keepData = false } = {}) =>
    new Promise((resolve) => {
      const done = () => {
        if (!keepData) rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(timer);
        done();
      });
      process.kill(child.pid, "SIGTERM");
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited early with code ${child.exitCode}`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy at ${url}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir, child, stop };
}
