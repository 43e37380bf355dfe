import { ArrowDown, ArrowUp } from "lucide-react";
import type { useFetcher } from "react-router";
import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";
import { galleryCategoryName } from "../../gallery-grid";
import { headerLogoReach } from "../../header-logos";
import { RowActions } from "../row-actions";
import type { PictureListPayload } from "./payload";
import { PictureThumb } from "./picture-thumb";

// One picture of a list: a logo as a row (its name beside it, and where the header shows it), a hero or gallery
// picture as a card. Its actions:
// Move up / Move down (plain form posts, for reordering without JavaScript), then Edit (a gallery picture's
// fields) and Delete, links to the dialogs the URL opens (ADR 0014).

type OrderFetcher = ReturnType<typeof useFetcher<PictureListPayload>>;

export function PictureRow({
  list,
  item,
  name,
  index,
  count,
  handle,
  dragging,
  path,
  orderFetcher,
}: {
  list: PictureListName;
  item: PictureListItem;
  /** How buttons and announcements name it. */
  name: string;
  index: number;
  count: number;
  /** The drag handle. */
  handle: React.ReactNode;
  dragging: boolean;
  path: string;
  orderFetcher: OrderFetcher;
}) {
  const moves = (
    <MoveButtons
      name={name}
      id={item.id}
      path={path}
      first={index === 0}
      last={index === count - 1}
      fetcher={orderFetcher}
    />
  );
  const actions = (
    <RowActions
      name={name}
      editHref={list === "gallery" ? `${path}?edit=${item.id}` : undefined}
      deleteHref={`${path}?delete=${item.id}`}
      className="ml-auto flex items-center gap-1"
      // A card's actions show as icons where two cards share a row (words on phones, and on very wide screens).
      compact={list !== "logos"}
    />
  );
  const frame = `rounded-lg border bg-white transition-shadow ${
    dragging ? "border-brand-300 shadow-lg ring-2 ring-brand-600/30" : "border-slate-200 shadow-sm"
  }`;
  if (list === "logos") {
    return (
      <div className={frame}>
        {/* One line on a wide screen; on a phone the buttons go under the picture and the name. */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
          <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
            {handle}
            <span className="hidden w-5 shrink-0 text-center text-sm font-semibold text-slate-500 tabular-nums sm:block">
              {index + 1}
            </span>
            <div className="h-14 w-20 shrink-0 rounded-md bg-slate-100 p-2 sm:w-36">
              <PictureThumb list={list} picture={item.picture} sizes="128px" className="size-full object-contain" />
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink-900">{item.label}</p>
              <p className="text-xs text-slate-500">{item.uploaded ? "Uploaded" : "Built-in picture"}</p>
              <p className="text-xs text-slate-600">{headerLogoReach(index)}</p>
            </div>
          </div>
          <div className="ml-auto flex items-center gap-1">
            {moves}
            {actions}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={`overflow-hidden ${frame}`}>
      <div className="relative aspect-video bg-slate-100">
        <PictureThumb
          list={list}
          picture={item.picture}
          sizes="(min-width: 1280px) 420px, (min-width: 640px) 45vw, 100vw"
          className="absolute inset-0 size-full object-cover"
          alt={item.label}
        />
        <span className="absolute top-2 left-2 rounded-md bg-ink-900/75 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
          {index + 1}
        </span>
        {item.uploaded && (
          <span className="absolute top-2 right-2 rounded-md bg-white/90 px-2 py-0.5 text-xs font-medium text-ink-900">
            Uploaded
          </span>
        )}
      </div>
      {list === "gallery" ? (
        <div className="min-h-[5.5rem] px-3 pt-3 text-sm">
          <p className="truncate font-medium text-ink-900" title={item.label}>
            {item.label}
          </p>
          <p className="truncate text-slate-600">{galleryCategoryName(item.category ?? "")}</p>
          {item.tags && item.tags.length > 0 && (
            <p className="mt-1 truncate text-xs text-slate-500" title={item.tags.join(", ")}>
              {item.tags.map((t) => `#${t}`).join(" ")}
            </p>
          )}
        </div>
      ) : (
        <p className="line-clamp-2 min-h-[3.25rem] px-3 pt-3 text-sm text-ink-900" title={item.label || undefined}>
          {item.label || <span className="text-slate-500 italic">No description</span>}
        </p>
      )}
      {/* On a narrow card Edit and Delete go under the handle and the arrows. */}
      <div className="flex flex-wrap items-center gap-1 px-2 pt-1 pb-2">
        {handle}
        {moves}
        {actions}
      </div>
    </div>
  );
}

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-ink-900 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent";

/** Move up / Move down: the order changed one step at a time, the same with or without JavaScript. */
const MOVES = [
  { direction: "up", Icon: ArrowUp },
  { direction: "down", Icon: ArrowDown },
] as const;

function MoveButtons({
  name,
  id,
  path,
  first,
  last,
  fetcher,
}: {
  name: string;
  id: string;
  path: string;
  first: boolean;
  last: boolean;
  fetcher: OrderFetcher;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={path} className="flex items-center">
      <input type="hidden" name="id" value={id} />
      {MOVES.map(({ direction, Icon }) => (
        <button
          key={direction}
          type="submit"
          name="intent"
          value={`move-${direction}`}
          disabled={(direction === "up" ? first : last) || busy}
          className={iconButton}
          aria-label={`Move ${name} ${direction}`}
          title={`Move ${direction}`}
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </fetcher.Form>
  );
}
