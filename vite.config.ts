import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//;
// Vite's helper for dynamic imports ("\0vite/preload-helper.js"), used by storefront and back office code alike: in
// "framework", so that no chunk of the one side has to import a chunk of the other for it.
const PRELOAD_HELPER = "vite/preload-helper";
// Packages only some screens need (validation, dialogs, toasts, drag and drop): kept in chunks of their own, loaded by those screens.
const ON_DEMAND =
  /\/node_modules\/(zod|@radix-ui|@dnd-kit|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|sonner|detect-node-es|tslib)\//;
const APP_SHARED = /\/app\/(ui|lib|domain)\/|\/node_modules\/lucide-react\//;
const ADMIN_ROUTE = /\/app\/routes\/admin\//;

type ChunkMeta = Parameters<Rollup.GetManualChunk>[1];

/** What one build's module graph tells about each module, worked out once per graph. */
interface Graph {
  info: Rollup.GetModuleInfo;
  /** Modules that import an on-demand package, directly or through others. */
  onDemand: Set<string>;
  /** Modules a storefront page may load: reachable from root, the client entry or a route outside app/routes/admin. */
  storefront: Set<string>;
  /** Modules that are not admin-only but that the admin chunk would otherwise take in (see spillover). */
  spill: Set<string>;
}

const graphs = new WeakMap<Rollup.GetModuleInfo, Graph>();

/**
 * Few, larger chunks: a phone on HTTP/1.1 fetches six files at a time, so twenty tiny shared modules cost
 * round trips. The framework is one chunk; the app's shared code (ui, lib, domain, icons) another, except
 * modules that pull in an on-demand package, which stay with the screens that use them.
 * Of that shared code, what only the back office reaches (app/ui/admin, its domain rules, its icons) goes to
 * an "admin" chunk of its own: in "shared" it would ship to every storefront visitor and grow with each admin
 * screen. "shared" never imports "admin": an admin-only module is imported only by admin-only modules (or
 * re-exported, unused, by lucide-react's index, which has no side effects), and whatever the admin modules
 * import that the storefront uses too is given a chunk explicitly, never left for Rollup to put into "admin"
 * (storefront pages would then load "admin", and "admin" and "shared" import each other: hydration breaks).
 */
function chunkFor(id: string, meta: ChunkMeta): string | undefined {
  if (FRAMEWORK.test(id) || id.includes(PRELOAD_HELPER)) return "framework";
  const graph = graphOf(meta);
  if (APP_SHARED.test(id) && !graph.onDemand.has(id)) return graph.storefront.has(id) ? "shared" : "admin";
  if (graph.spill.has(id)) return "shared";
  return undefined;
}

function graphOf({ getModuleIds, getModuleInfo }: ChunkMeta): Graph {
  let graph = graphs.get(getModuleInfo);
  if (!graph) {
    graph = { info: getModuleInfo, onDemand: new Set(), storefront: new Set(), spill: new Set() };
    const ids = [...getModuleIds()];
    graph.onDemand = onDemandModules(graph, ids);
    graph.storefront = storefrontModules(graph, ids);
    graph.spill = spillover(graph, ids);
    graphs.set(getModuleInfo, graph);
  }
  return graph;
}

/**
 * The modules a storefront page may load: everything reachable from an entry that is not an admin route (root,
 * the client entry, storefront, seo and api routes), never entering an admin route. From a module without side
 * effects (lucide-react's index) only the modules behind the names actually imported are reachable: that index
 * re-exports every icon, and an icon only the back office shows is no storefront module.
 */
function storefrontModules(graph: Graph, ids: string[]): Set<string> {
  const used = new Set<string>();
  const whole = new Set<string>(); // modules whose every import is followed
  const queue: string[] = [];
  const takeWhole = (id: string) => {
    if (ADMIN_ROUTE.test(id) || whole.has(id)) return;
    used.add(id);
    whole.add(id);
    queue.push(id);
  };
  const take = (id: string, names: Set<string> | undefined) => {
    const info = graph.info(id);
    if (!names || !info || info.moduleSideEffects !== false || names.has("*")) return takeWhole(id);
    if (ADMIN_ROUTE.test(id) || whole.has(id)) return;
    used.add(id);
    for (const name of names) {
      const targets = reexportTargets(info, name);
      if (!targets) return takeWhole(id);
      targets.forEach(takeWhole);
    }
  };
  for (const id of ids) {
    const info = graph.info(id);
    if (info && info.importers.length === 0 && info.dynamicImporters.length === 0) takeWhole(id);
  }
  for (const id of queue) {
    const info = graph.info(id);
    const names = info && namesImported(info);
    for (const dep of info?.importedIds ?? []) take(dep, names?.get(dep));
    for (const dep of info?.dynamicallyImportedIds ?? []) takeWhole(dep);
  }
  return used;
}

/** What a module imports from each module it imports statically ("*": everything), read from its syntax tree. */
function namesImported(info: Rollup.ModuleInfo): Map<string, Set<string>> | undefined {
  const bySource = new Map<string, Set<string>>();
  for (const node of info.ast?.body ?? []) {
    if (
      node.type !== "ImportDeclaration" &&
      node.type !== "ExportNamedDeclaration" &&
      node.type !== "ExportAllDeclaration"
    )
      continue;
    if (!node.source) continue;
    const source = String(node.source.value);
    const names = bySource.get(source) ?? new Set<string>();
    bySource.set(source, names);
    if (node.type === "ExportAllDeclaration") names.add("*");
    for (const specifier of node.type === "ExportAllDeclaration" ? [] : node.specifiers) {
      if (specifier.type === "ImportDefaultSpecifier") names.add("default");
      else if (specifier.type === "ImportNamespaceSpecifier") names.add("*");
      else {
        const name = specifier.type === "ImportSpecifier" ? specifier.imported : specifier.local;
        names.add(name.type === "Identifier" ? name.name : String(name.value));
      }
    }
  }
  // Rollup lists a module's imports (importedIds) in the order their sources first appear in it.
  const names = [...bySource.values()];
  if (names.length !== info.importedIds.length) return undefined;
  return new Map(info.importedIds.map((id, i) => [id, names[i] ?? new Set(["*"])]));
}

/** The modules a module without side effects takes a name it re-exports from; undefined when it is not a plain re-export. */
function reexportTargets(info: Rollup.ModuleInfo, name: string): string[] | undefined {
  const bindings = Object.entries(info.exportedBindings ?? {});
  if (bindings.some(([source, names]) => source === "." && names.includes(name))) return undefined;
  let sources = bindings.filter(([source, names]) => source !== "." && names.includes(name));
  if (sources.length === 0) sources = bindings.filter(([, names]) => names.includes("*"));
  const targets = sources.map(([source]) => path.resolve(path.dirname(info.id), source));
  if (targets.length === 0 || targets.some((target) => !info.importedIds.includes(target))) return undefined;
  return targets;
}

/**
 * Rollup puts into a manual chunk the static imports of its modules that have no chunk of their own, and the
 * first chunk to reach such a module keeps it. The modules the "admin" chunk reaches that way and that the
 * storefront uses too go to "shared" instead.
 */
function spillover(graph: Graph, ids: string[]): Set<string> {
  const assigned = (id: string) =>
    FRAMEWORK.test(id) || id.includes(PRELOAD_HELPER) || (APP_SHARED.test(id) && !graph.onDemand.has(id));
  const queue = ids.filter((id) => APP_SHARED.test(id) && !graph.storefront.has(id) && !graph.onDemand.has(id));
  const seen = new Set(queue);
  const spill = new Set<string>();
  for (const id of queue) {
    for (const dep of graph.info(id)?.importedIds ?? []) {
      if (seen.has(dep) || assigned(dep)) continue;
      seen.add(dep);
      if (graph.storefront.has(dep)) spill.add(dep);
      else queue.push(dep);
    }
  }
  return spill;
}

/** Modules that import an on-demand package, directly or through others. */
function onDemandModules(graph: Graph, ids: string[]): Set<string> {
  const reached = new Set(ids.filter((id) => ON_DEMAND.test(id)));
  for (const id of reached) for (const importer of graph.info(id)?.importers ?? []) reached.add(importer);
  return reached;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: chunkFor } },
  },
}));
