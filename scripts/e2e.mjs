// `npm run test:e2e`: builds, starts the production server on a free port with a fresh data directory
// (seed plus tests/e2e/support fixtures), runs Playwright on Debian's Chromium, then stops the server by PID.
// Arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/home.spec.ts`.
import { buildOrExit, run, startPreparedServer } from "./lib/server.mjs";

buildOrExit();
const server = await startPreparedServer();
let status = 1;
try {
  const result = run("npx", ["playwright", "test", ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: server.url,
    E2E_DATA_DIR: server.dataDir,
  });
  status = result.status ?? 1;
} finally {
  await server.stop();
}
process.exit(status);
