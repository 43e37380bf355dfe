// A small in-process cache for the data of public pages (DESIGN §7). Every entry lives at most TTL_MS; an
// admin change calls invalidatePublicData() so visitors see it at once. With several app servers each
// keeps its own copy, so other servers see a change within TTL_MS.

const TTL_MS = 60_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const key = Symbol.for("app.public-cache");
type WithCache = typeof globalThis & { [key]?: Map<string, Entry> };
const store = () => ((globalThis as WithCache)[key] ??= new Map());

/** The cached value of `name`, loading it when missing or stale. A failed load is not kept. */
export function cachedPublicData<T>(name: string, load: () => Promise<T>): Promise<T> {
  const entries = store();
  const now = Date.now();
  const hit = entries.get(name);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(name, { expires: now + TTL_MS, value });
  value.catch(() => {
    if (entries.get(name)?.value === value) entries.delete(name);
  });
  return value;
}

/** Forgets every cached public value; call after any change to what public pages show. */
export function invalidatePublicData(): void {
  store().clear();
}
