import { Printer } from "lucide-react";
import { itemLabelsHref } from "~/domain/inventory/item-labels";
import { secondaryButton } from "~/ui/buttons";

// Item labels from the inventory list (issue 26): a row's Print label, and the labels of every item the list
// shows, each opening the labels PDF (/admin/inventory/labels) in a new tab to print. Plain links: the PDF is a
// resource route, not a screen.

/** A row's Print label: the words on phones and very wide screens, the icon alone between (as RowActions). */
export function PrintLabelLink({ id, name }: { id: string; name: string }) {
  return (
    <a
      href={itemLabelsHref([id])}
      target="_blank"
      rel="noreferrer"
      title="Print label"
      aria-label={`Print label for ${name}`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <Printer aria-hidden className="size-4" />
      <span className="sm:sr-only 2xl:not-sr-only">Print label</span>
    </a>
  );
}

/** The labels of the items on this page of the list (its search and filters applied). */
export function PrintPageLabelsLink({ itemIds }: { itemIds: readonly string[] }) {
  if (itemIds.length === 0) return null;
  return (
    <a
      href={itemLabelsHref(itemIds)}
      target="_blank"
      rel="noreferrer"
      title="A label for each item on this page of the list"
      className={secondaryButton}
    >
      <Printer aria-hidden className="size-4" /> Print labels
    </a>
  );
}
