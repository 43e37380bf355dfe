// `npm run test:e2e`: builds, starts the production server on a free port with a fresh data directory,
// runs Playwright against it on Debian's Chromium, then stops the server by its PID.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });

if (run("npm", ["run", "build", "--silent"]).status !== 0) process.exit(1);

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-e2e-"));
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  ADMIN_EMAIL: "admin@e2e.test",
  ADMIN_PASSWORD: "e2e-admin-password",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The specs submit public forms many times from one address.
  FORM_RATE_LIMIT: "1000/60",
};
if (run(path.join(root, "node_modules/.bin/tsx"), ["tests/e2e/support/prepare-database.ts"], serverEnv).status !== 0) {
  process.exit(1);
}
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: serverEnv,
  stdio: ["ignore", "inherit", "inherit"],
});

let status = 1;
try {
  await waitForHealth(`${baseUrl}/healthz`, 60_000);
  const result = run("npx", ["playwright", "test", ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_DATA_DIR: dataDir,
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(String(error));
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy at ${url} within ${timeoutMs} ms`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(child.pid, "SIGTERM");
  });
}
