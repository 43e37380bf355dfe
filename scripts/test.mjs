// `npm test`: the type check and the lint side by side (each keeps one core busy for most of a minute, and caches
// what it learnt under node_modules/.cache), then every unit and integration test (vitest, one worker per core).
// Prints how long each step took. docs/testing.md says what runs where.
import { spawn } from "node:child_process";

/** Runs an npm script with its output held back, so that two running at once do not interleave their lines. */
function npmScript(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ name, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

function inherit(cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit" });
    child.on("close", (code) => resolve({ code, seconds: (Date.now() - started) / 1000 }));
  });
}

const timings = [];
const checks = await Promise.all([npmScript("typecheck"), npmScript("lint")]);
for (const check of checks) {
  process.stdout.write(
    `== ${check.name}: ${check.code === 0 ? "passed" : "FAILED"} in ${check.seconds.toFixed(1)} s\n`,
  );
  if (check.output.trim()) process.stdout.write(`${check.output.trimEnd()}\n`);
  timings.push(`${check.name} ${check.seconds.toFixed(1)} s`);
}
if (checks.some((check) => check.code !== 0)) process.exit(1);

const tests = await inherit("npx", ["vitest", "run", ...process.argv.slice(2)]);
timings.push(`vitest ${tests.seconds.toFixed(1)} s`);
process.stdout.write(`== npm test: ${timings.join(", ")} (typecheck and lint side by side)\n`);
process.exit(tests.code ?? 1);
