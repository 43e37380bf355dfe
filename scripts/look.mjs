// Builds, starts the production server on a free port with a fresh database (seed + e2e fixtures), takes
// screenshots of the given paths at 375 and 1280 px (.tmp/screenshots), and stops the server:
//   node scripts/look.mjs / /products /products/led-wall-p3
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const paths = process.argv.slice(2);
const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });

if (run("npm", ["run", "build", "--silent"]).status !== 0) process.exit(1);
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-look-"));
const url = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: url,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: "admin@e2e.test",
  ADMIN_PASSWORD: "e2e-admin-password",
};
if (run(path.join(root, "node_modules/.bin/tsx"), ["tests/e2e/support/prepare-database.ts"], env).status !== 0)
  process.exit(1);
const server = spawn(process.execPath, ["build/server.js"], { cwd: root, env, stdio: "inherit" });
try {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  run(process.execPath, ["scripts/screenshot.mjs", url, ...paths]);
} finally {
  await new Promise((resolve) => {
    server.once("exit", resolve);
    process.kill(server.pid, "SIGTERM");
  });
  rmSync(dataDir, { recursive: true, force: true });
}
