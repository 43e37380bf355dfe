import { Loader2 } from "lucide-react";
import { useFetcher } from "react-router";
import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";
import { FormError, useToast } from "../form";
import { Panel } from "../page-header";
import { SortableImageList } from "../sortable-image-list";
import type { PictureListPayload } from "./payload";
import { PictureRow } from "./picture-row";
import { pictureName, SCREEN_TEXT } from "./screen-text";

// A picture list in its order. With JavaScript rows are dragged (or moved with the keyboard) into place and the
// order is saved at once, shown before the answer comes; a refusal puts the saved order back with its reason.
// Without it, Move up / Move down post to the screen.

export function PictureList({
  list,
  items,
  path,
  actionData,
}: {
  list: PictureListName;
  items: PictureListItem[];
  path: string;
  /** The screen's answer to a form posted without JavaScript. */
  actionData?: PictureListPayload;
}) {
  const text = SCREEN_TEXT[list];
  const orderFetcher = useFetcher<PictureListPayload>({ key: `${list}-order` });
  useToast(orderFetcher.data?.toast);
  // While a new order is being saved, it is shown already; a refusal puts the saved one back.
  const shown = pendingOrder(items, orderFetcher.formData) ?? items;
  const saving = orderFetcher.state !== "idle";
  const orderFailure = [orderFetcher.data, actionData].find(
    (d) => d && !d.ok && (d.intent === "reorder" || d.intent === "move-up" || d.intent === "move-down"),
  );
  const orderError = saving ? undefined : orderFailure?.errors.form;

  const reorder = (ids: string[]) => {
    const form = new FormData();
    form.set("intent", "reorder");
    for (const id of ids) form.append("ids", id);
    void orderFetcher.submit(form, { method: "post", action: path, flushSync: true });
  };

  return (
    <Panel className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-5 py-4">
        <h2 className="text-base font-semibold text-ink-900">{text.listTitle}</h2>
        <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
          {saving ? (
            <>
              <Loader2 aria-hidden className="size-4 animate-spin" />
              Saving the order...
            </>
          ) : (
            `${items.length} in all`
          )}
        </p>
      </div>
      <div className="space-y-4 p-4 sm:p-5">
        <p className="text-sm text-slate-600">
          Drag a picture by its handle to change the order, or focus the handle, press Space, move with the arrow keys
          and press Space again.
        </p>
        <FormError message={orderError} />
        {shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
            {text.empty}
          </p>
        ) : (
          <SortableImageList
            items={shown}
            layout={list === "logos" ? "list" : "grid"}
            label={text.listTitle}
            describe={(item) => pictureName(list, item, shown.indexOf(item))}
            onReorder={reorder}
            disabled={saving}
            renderItem={(item, { handle, index, dragging }) => (
              <PictureRow
                list={list}
                item={item}
                name={pictureName(list, item, index)}
                index={index}
                count={shown.length}
                handle={handle}
                dragging={dragging}
                path={path}
                orderFetcher={orderFetcher}
              />
            )}
            className={list === "logos" ? "space-y-3" : "grid gap-4 sm:grid-cols-2"}
          />
        )}
      </div>
    </Panel>
  );
}

/** The order being saved (a drag's whole list, or one row moved), shown before the answer comes. */
function pendingOrder(items: PictureListItem[], formData: FormData | undefined): PictureListItem[] | null {
  const intent = formData?.get("intent");
  if (!formData || typeof intent !== "string") return null;
  const byId = new Map(items.map((i) => [i.id, i]));
  if (intent === "reorder") {
    const ids = formData.getAll("ids").map(String);
    const ordered = ids.map((id) => byId.get(id)).filter((i): i is PictureListItem => !!i);
    return ordered.length === items.length ? ordered : null;
  }
  if (intent === "move-up" || intent === "move-down") {
    const from = items.findIndex((i) => i.id === formData.get("id"));
    const to = intent === "move-up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= items.length) return null;
    const next = [...items];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  }
  return null;
}
