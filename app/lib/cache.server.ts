import { LRUCache } from "lru-cache";

// The in-process cache for the data of public pages (DESIGN §7). It keeps query *results*: a loader may hand
// it a Drizzle query builder (a thenable that runs its query again each time it is awaited), so the load is
// awaited once here and only the rows are kept. Entries live at most TTL_MS; a change calls
// invalidatePublicData(), which clears this cache and the rendered-page cache at once and, with PostgreSQL,
// tells every other app server on the database (see public-data-sync.server.ts).

const TTL_MS = 60_000;
/** Enough for every public list and a few hundred product and event pages; the oldest unused go first. */
const MAX_ENTRIES = 1_000;

type Listener = () => void;

interface CacheState {
  data: LRUCache<string, { value: Promise<unknown> }>;
  /** Called on every invalidation, local or from another server: the page cache clears itself. */
  listeners: Set<Listener>;
  /** Set by the server when other app servers share the database: sends the invalidation to them. */
  broadcast?: () => void;
}

// On globalThis: the bundled server.ts and the React Router build are separate module graphs in one process.
const key = Symbol.for("app.public-cache");
type WithCache = typeof globalThis & { [key]?: CacheState };
const state = (): CacheState =>
  ((globalThis as WithCache)[key] ??= {
    // Date.now as the clock, so that tests can move time with fake timers.
    data: new LRUCache({ max: MAX_ENTRIES, ttl: TTL_MS, ttlResolution: 0, perf: { now: () => Date.now() } }),
    listeners: new Set(),
  });

/**
 * The cached value of `name`, loading it when missing or stale. Concurrent callers share one load. A failed
 * load is not kept, and neither is a miss (null or undefined), so unknown slugs cannot fill the cache.
 */
export function cachedPublicData<T>(name: string, load: () => PromiseLike<T>): Promise<T> {
  const { data } = state();
  const hit = data.get(name);
  if (hit) return hit.value as Promise<T>;
  // Promise.resolve().then adopts a thenable exactly once: the entry holds the result, never the builder.
  const value = Promise.resolve().then(load);
  const entry = { value };
  data.set(name, entry);
  const forget = () => {
    if (data.peek(name) === entry) data.delete(name);
  };
  value.then((result) => {
    if (result === null || result === undefined) forget();
  }, forget);
  return value;
}

/** Forgets this process's cached public data and pages, without telling other servers. */
export function clearLocalPublicData(): void {
  const s = state();
  s.data.clear();
  for (const listener of s.listeners) listener();
}

/**
 * Forgets every cached public value and page; call after any committed change to what public pages show.
 * Other app servers on the same PostgreSQL database are told at once.
 */
export function invalidatePublicData(): void {
  clearLocalPublicData();
  state().broadcast?.();
}

/** Runs `listener` on every invalidation (local or broadcast); returns the unsubscribe. */
export function onPublicDataInvalidated(listener: Listener): () => void {
  const { listeners } = state();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Installs (or, with undefined, removes) the function that tells other servers of an invalidation. */
export function setInvalidationBroadcast(broadcast: (() => void) | undefined): void {
  state().broadcast = broadcast;
}

/** How many values are cached (for tests and the memory benchmark). */
export function publicDataEntryCount(): number {
  return state().data.size;
}
