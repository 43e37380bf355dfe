// `npm run look -- / /products`: builds, starts the production server with a fresh database (seed plus e2e
// fixtures), screenshots the given paths at 375 and 1280 px into .tmp/screenshots, and stops the server.
import { buildOrExit, run, startPreparedServer } from "./lib/server.mjs";

buildOrExit();
const server = await startPreparedServer();
try {
  run(process.execPath, ["scripts/screenshot.mjs", server.url, ...process.argv.slice(2)]);
} finally {
  await server.stop();
}
