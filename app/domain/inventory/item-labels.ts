// Where the item labels PDF is (issue 26; item-labels.server.ts draws it). Browser-safe: the inventory list and the
// pick list link to it.

export const ITEM_LABELS_PATH = "/admin/inventory/labels";

/** The labels PDF of these items, one label each, in this order. */
export function itemLabelsHref(itemIds: readonly string[]): string {
  return `${ITEM_LABELS_PATH}?${itemIds.map((id) => `item=${encodeURIComponent(id)}`).join("&")}`;
}
