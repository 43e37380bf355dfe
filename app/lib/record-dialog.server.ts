import { redirectWithToast } from "./flash-toast.server";

// A list screen's record dialogs opened by the URL (ADR 0014): `?new=1` to add, `?edit=<id>` to change,
// `?delete=<id>` to ask before deleting. One reading of those parameters for every screen.

export type RecordDialog<V, R = V> =
  | { kind: "create"; values: V }
  | { kind: "update"; values: V }
  | { kind: "delete"; id: string; name: string; record: R }
  | null;

export interface RecordDialogSource<V, R> {
  /** Whether this user may open the dialogs at all (the screen's manage permission). */
  allowed: boolean;
  /** The empty form for `?new`; null when adding is not possible now (no team to give a task to, say). */
  empty: V | null;
  /** The stored record an `?edit`/`?delete` id names, or null when there is none (any malformed id too). */
  load: (id: string) => Promise<R | null>;
  /** The form's values of a record. */
  values: (record: R) => V;
  /** How the delete question names the record. */
  name: (record: R) => string;
  /** The id the delete form posts. */
  id: (record: R) => string;
  /** The list's own URL: where an id that names nothing goes back to, with `notFound` as a toast. */
  listUrl: string;
  notFound: string;
}

/** The dialog the URL asks for, or null; an unknown id ends the request with a redirect to the list. */
export async function recordDialogFromUrl<V, R = V>(
  url: URL,
  source: RecordDialogSource<V, R>,
): Promise<RecordDialog<V, R>> {
  if (!source.allowed) return null;
  const params = url.searchParams;
  if (params.has("new")) return source.empty === null ? null : { kind: "create", values: source.empty };
  const id = params.get("edit") ?? params.get("delete");
  if (!id) return null;
  const record = await source.load(id);
  if (!record) throw await redirectWithToast(source.listUrl, { type: "error", message: source.notFound });
  return params.has("edit")
    ? { kind: "update", values: source.values(record) }
    : { kind: "delete", id: source.id(record), name: source.name(record), record };
}
