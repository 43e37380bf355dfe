// `npm run test:e2e`: builds, makes one migrated database template, starts the production server on a free port
// with a copy of it (seed plus tests/e2e/support fixtures), runs Playwright on Debian's Chromium, then stops the
// server by PID. The specs' own servers start from the same template (E2E_TEMPLATE_DIR, isolated-server.ts).
// Arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/home.spec.ts`. E2E_BUILT=1: build/ was just made
// from this tree (.ci/run builds it beside the PostgreSQL tests), so it is not built again.
//
// No trace is recorded on the run itself (recording one for every passing test cost a fifth of the CPU): when
// tests fail, only those run again with traces kept, for the report; the first run's result is the one that counts.
import { rmSync } from "node:fs";
import { makeMigratedTemplate, TEMPLATE_DIR_ENV } from "./lib/pglite-template.mjs";
import { buildOrExit, run, startPreparedServer } from "./lib/server.mjs";

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
// The moment the fixtures' dates count from, for the whole run (tests/e2e/support/fixtures.ts fixtureDate): a run
// that crosses midnight in Dhaka still finds the events where the database was given them.
process.env.E2E_FIXTURES_AT ??= new Date().toISOString();
let since = Date.now();
if (process.env.E2E_BUILT !== "1") buildOrExit();
const stages = process.env.E2E_BUILT === "1" ? [] : [`build ${seconds(since)}`];
since = Date.now();
const template = makeMigratedTemplate();
const server = await startPreparedServer({ template });
stages.push(`template and shared server ${seconds(since)}`);
let status = 1;
try {
  const env = { ...process.env, E2E_BASE_URL: server.url, E2E_DATA_DIR: server.dataDir, [TEMPLATE_DIR_ENV]: template };
  since = Date.now();
  status = run("npx", ["playwright", "test", ...process.argv.slice(2)], env).status ?? 1;
  stages.push(`playwright ${seconds(since)}`);
  if (status !== 0) {
    process.stdout.write("\n== the failed tests again, with traces (test-results/); the run above is the result\n");
    since = Date.now();
    run("npx", ["playwright", "test", "--last-failed", "--trace", "retain-on-failure", ...process.argv.slice(2)], env);
    stages.push(`failed tests again ${seconds(since)}`);
  }
} finally {
  await server.stop();
  rmSync(template, { recursive: true, force: true });
}
process.stdout.write(`== e2e: ${stages.join(", ")}\n`);
process.exit(status);
