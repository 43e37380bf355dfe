// Debian's Chromium, started the way this machine allows: no sandbox as root, and no background traffic
// (the machine has no internet; Chromium's own connections would fail noisily).
import { existsSync } from "node:fs";

/** The full browser: Lighthouse (chrome-launcher) and the screenshot script use it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Debian's old headless shell (package chromium-headless-shell, the same Chromium version): what Playwright itself
// runs for headless tests. The full browser's headless mode cost the end-to-end run a third more time on two cores
// (two specs: 67 s against 43 s), in renderer and browser-UI processes a test never sees. ADR 0031.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The browser Playwright's tests drive: the headless shell where it is installed, else the full browser. */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
