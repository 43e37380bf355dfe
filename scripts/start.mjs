// `npm start`: builds the app when the sources changed since the last build, then runs the production
// server in this process (migrations and first-start seeding happen inside it).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INPUTS = [
  "app",
  "public",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "tsconfig.json",
];
const stampFile = path.join(root, "build", ".sources-fingerprint");

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    yield [entry, stat];
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

function fingerprint() {
  const hash = createHash("sha256");
  for (const input of INPUTS)
    for (const [file, stat] of files(input)) hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  return hash.digest("hex");
}

const current = fingerprint();
const built =
  existsSync(path.join(root, "build/server.js")) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === current;
if (!built) {
  process.stdout.write("Building the application (sources changed since the last build)...\n");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, current);
}

process.env.NODE_ENV ??= "production";
await import(path.join(root, "build/server.js"));
