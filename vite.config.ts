import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//;
// Packages only some screens need (validation, dialogs, toasts, drag and drop): kept in chunks of their own, loaded by those screens.
const ON_DEMAND =
  /\/node_modules\/(zod|@radix-ui|@dnd-kit|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|sonner|detect-node-es|tslib)\//;

/**
 * Few, larger chunks: a phone on HTTP/1.1 fetches six files at a time, so twenty tiny shared modules cost
 * round trips. The framework is one chunk; the app's shared code (ui, lib, domain, icons) another, except
 * modules that pull in an on-demand package, which stay with the screens that use them.
 */
function chunkFor(id: string, getModuleInfo: Rollup.GetModuleInfo, memo: Map<string, boolean>): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  const shared = /\/app\/(ui|lib|domain)\//.test(id) || /\/node_modules\/lucide-react\//.test(id);
  if (shared && !needsOnDemand(id, getModuleInfo, memo)) return "shared";
  return undefined;
}

function needsOnDemand(id: string, getModuleInfo: Rollup.GetModuleInfo, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // cycles
  const result =
    ON_DEMAND.test(id) || (getModuleInfo(id)?.importedIds ?? []).some((dep) => needsOnDemand(dep, getModuleInfo, memo));
  memo.set(id, result);
  return result;
}

export default defineConfig(({ isSsrBuild }) => {
  const memo = new Map<string, boolean>();
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
    build: {
      assetsInlineLimit: 0,
      rollupOptions: isSsrBuild
        ? {}
        : { output: { manualChunks: (id, { getModuleInfo }) => chunkFor(id, getModuleInfo, memo) } },
    },
  };
});
