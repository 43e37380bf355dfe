import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The project folder (the one holding package.json and drizzle/), found from this module's own location
 * so it is right from the sources, from the Vite server build and from the bundled server.ts alike.
 */
export function appRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = process.cwd());
    dir = parent;
  }
  return (cached = dir);
}
