import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { inventoryItems } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { documentDay } from "../../lib/pdf/document-dates";
import { COLORS, PdfBuilder, type TextStyle } from "../../lib/pdf/pdf.server";
import { drawQrCode } from "../../lib/pdf/qr.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { refuse, type Refused } from "../use-case";

// Item labels (issue 26): A4 sheets of labels to cut out and stick on the equipment, 3 across and 7 down, each with
// the QR code of the item's public id (its slug, exactly: what the dispatch screen reads when it is scanned, and
// what can be typed instead) and the item's name and code under it. /admin/inventory/labels?item=<id>[&item=…]
// [&copies=N]: `copies` labels of each item asked for (1 by default), at most MAX_LABELS in one sheet set.
// Server only (PDFKit).

export const MAX_LABELS = 500;
export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 7;

export interface LabelItem {
  id: string;
  slug: string;
  name: string;
}

export type LabelRequest = { ok: true; itemIds: string[]; copies: number } | Refused;

export const LABEL_MESSAGES = {
  noItem: "Choose the items to label: /admin/inventory/labels?item=<item id>, or Print label on the inventory list.",
  copies: `copies must be a whole number from 1 to ${MAX_LABELS}.`,
  tooMany: (count: number) =>
    `That is ${count} labels; one print is at most ${MAX_LABELS}. Ask for fewer items or fewer copies.`,
  badId: (value: string) => `item "${value.slice(0, 60)}" is not an item id: use the ids the inventory list links to.`,
  unknown: (id: string) => `No inventory item has the id ${id}.`,
} as const;

/** What the labels URL asks for: the item ids (in order, repeats kept) and copies of each; or why it can't be. */
export function readLabelRequest(params: URLSearchParams): LabelRequest {
  const raw = params.getAll("item").map((v) => v.trim());
  if (raw.length === 0 || raw.every((v) => v === "")) return refuse("invalid", LABEL_MESSAGES.noItem);
  const copiesText = params.get("copies")?.trim() ?? "";
  const copies = copiesText === "" ? 1 : /^\d{1,4}$/.test(copiesText) ? Number(copiesText) : NaN;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_LABELS) return refuse("invalid", LABEL_MESSAGES.copies);
  const ids = raw.filter((v) => v !== "");
  if (ids.length * copies > MAX_LABELS) return refuse("invalid", LABEL_MESSAGES.tooMany(ids.length * copies));
  const bad = ids.find((v) => !isUuid(v));
  if (bad !== undefined) return refuse("invalid", LABEL_MESSAGES.badId(bad));
  return { ok: true, itemIds: ids.map((v) => v.toLowerCase()), copies };
}

/** The labels to print, one per copy of each item asked for, in the order asked; 404 naming an unknown id. */
export async function loadLabelItems(
  db: DbOrTx,
  request: { itemIds: string[]; copies: number },
): Promise<{ ok: true; labels: LabelItem[] } | Refused> {
  const unique = [...new Set(request.itemIds)];
  const rows = await db
    .select({ id: inventoryItems.id, slug: inventoryItems.slug, name: inventoryItems.name })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, unique));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing) return refuse("not-found", LABEL_MESSAGES.unknown(missing));
  return {
    ok: true,
    labels: request.itemIds.flatMap((id) => Array.from({ length: request.copies }, () => byId.get(id)!)),
  };
}

/** "item-labels-tent-ac-5-ton.pdf" for one item's labels, "item-labels-12.pdf" for several. */
export function labelsFileName(labels: readonly LabelItem[]): string {
  const items = new Set(labels.map((l) => l.id));
  if (items.size === 1) return `item-labels-${labels[0]!.slug}.pdf`;
  return `item-labels-${labels.length}.pdf`;
}

/** Text cut to at most `maxLines` lines of `width`, the last ending in "…" when something was left out. */
function clampLines(pdf: PdfBuilder, text: string, width: number, style: TextStyle, maxLines: number): string {
  const lines = pdf.layout(text, width, style).map((l) => l.runs.map((r) => r.text).join(""));
  if (lines.length <= maxLines) return lines.join("\n");
  let last = lines[maxLines - 1]!;
  while (last.length > 0 && pdf.measure(`${last}…`, style) > width) last = [...last].slice(0, -1).join("");
  return [...lines.slice(0, maxLines - 1), `${last.trimEnd()}…`].join("\n");
}

/**
 * The code's style, its size lowered step by step (down to 5 pt) until the whole code fits two lines: it is what a
 * person types when the QR code cannot be read, so it is never cut while a smaller size holds it.
 */
function codeStyleFitting(pdf: PdfBuilder, code: string, width: number, style: TextStyle): TextStyle {
  for (const size of [style.size ?? 7, 6.5, 6, 5.5, 5]) {
    const sized = { ...style, size };
    if (pdf.layout(code, width, sized).length <= 2) return sized;
  }
  return { ...style, size: 5 };
}

/** The labels as a PDF: 3 × 7 on each A4 page, cut lines between them. `now` is the printed day. */
export async function renderItemLabelsPdf(
  db: DbOrTx,
  labels: readonly LabelItem[],
  now: Date = new Date(),
): Promise<Uint8Array> {
  const company = await getCompanySettings(db);
  const pdf = new PdfBuilder({
    title: labels.length === 1 ? `Label — ${labels[0]!.name}` : `Item labels (${labels.length})`,
    subject: "Item labels",
    author: company.name,
    createdAt: now,
    footerNote: `${company.name} · item labels · printed ${documentDay(now)} · cut along the grey lines`,
  });
  const cellWidth = pdf.contentWidth / LABEL_COLUMNS;
  const cellHeight = (pdf.bottom - pdf.y) / LABEL_ROWS;
  const top = pdf.y;
  const perPage = LABEL_COLUMNS * LABEL_ROWS;
  const qrSize = 60;
  const nameStyle: TextStyle = { size: 8.5, weight: "bold", leading: 1.25 };
  const codeStyle: TextStyle = { size: 7, color: COLORS.muted, leading: 1.25 };
  const textWidth = cellWidth - 16;

  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (index > 0 && slot === 0) pdf.addPage();
    const column = slot % LABEL_COLUMNS;
    const row = Math.floor(slot / LABEL_COLUMNS);
    const x = pdf.left + column * cellWidth;
    const y = top + row * cellHeight;
    pdf.doc
      .save()
      .lineWidth(0.5)
      .dash(3, { space: 3 })
      .strokeColor(COLORS.rule)
      .rect(x, y, cellWidth, cellHeight)
      .stroke()
      .undash()
      .restore();
    drawQrCode(pdf.doc, label.slug, { x: x + (cellWidth - qrSize) / 2, y: y + 3, size: qrSize, quietZone: 4 });
    let textY = y + 3 + qrSize;
    textY += pdf.text(clampLines(pdf, label.name, textWidth, nameStyle, 2), {
      x: x + 8,
      y: textY,
      width: textWidth,
      align: "center",
      ...nameStyle,
    });
    const fitted = codeStyleFitting(pdf, label.slug, textWidth, codeStyle);
    pdf.text(clampLines(pdf, label.slug, textWidth, fitted, 2), {
      x: x + 8,
      y: textY,
      width: textWidth,
      align: "center",
      ...fitted,
    });
  });
  return pdf.finish();
}
