import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfQr } from "../../../tests/support/pdf-qr";
import { pdfFile, pdfPageCount, pdfText, pdfWords } from "../../../tests/support/pdf-text";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import { answerOf, callRoute, signedInUser, thrownBy, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { inventoryItems, inventoryPackageParts, jobLines, jobs } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { loader as pickListPdfLoader } from "~/routes/admin/jobs/pick-list-pdf";
import { loader as pickListLoader } from "~/routes/admin/jobs/pick-list";
import type { AuditActor } from "../audit/audit.server";
import { CATEGORIES } from "../catalogue/constants";
import { approveQuotation } from "../quotations/change-status.server";
import { jobReference } from "./constants";
import { pickListFileName, pickListLabelsHref, pickRows, type PickGroup } from "./pick-list";
import { renderPickListPdf } from "./pick-list-pdf.server";
import { loadPickList } from "./pick-list.server";

// The pick list (issue 26) on a real database, jobs opened by approving quotations: lines grouped by category in the
// catalogue's order, a package as a heading with its parts (packages × units per package) under it and not under
// the parts' own categories, what is left to pick after a partial dispatch; the PDF's text, pages (a group's heading
// never left alone at a page's foot) and QR codes read back to the items' public ids; the screen's and the PDF's
// routes (404 for an unknown job, the file name and caching headers). PICK_LIST_PDF_DIR=<dir> keeps the PDFs.

const actor: AuditActor = { userId: null, label: "staff@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");

const keep = (name: string, bytes: Uint8Array) => {
  const dir = process.env.PICK_LIST_PDF_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
};

const slugOf = async (id: string) =>
  (await getDb().select({ slug: inventoryItems.slug }).from(inventoryItems).where(eq(inventoryItems.id, id)))[0]!.slug;

/** Approves a sent quotation of these lines and answers its job's id. */
async function approvedJob(lines: Array<[string, number]>, extra: Parameters<typeof insertQuotation>[3] = {}) {
  const q = await insertQuotation("sent", `pick-${crypto.randomUUID()}@example.com`, lines, {
    customerName: "Nadia Rahman",
    phone: "01711223344",
    eventName: "Nadia & Arif Wedding Reception",
    eventLocation: "Bashundhara Convention Hall, Dhaka",
    eventDate: "2027-02-12",
    rentalEndDate: "2027-02-14",
    eventTime: "18:30",
    ...extra,
  });
  const approved = await approveQuotation(getDb(), q.id, { kind: "staff", audit: actor });
  if (!approved.ok) throw new Error(`could not approve: ${JSON.stringify(approved)}`);
  const [job] = await getDb().select({ id: jobs.id, number: jobs.number }).from(jobs).where(eq(jobs.quotationId, q.id));
  return job!;
}

const items = { spot: "", mic: "", deck: "", truss: "", stageSet: "" };
let staff: TestUser;
let job: { id: string; number: number };

beforeAll(async () => {
  await seedDatabase(getDb());
  items.spot = await insertItem("Moving Head Spot 230W", 40, "3000", { category: "lighting" });
  items.mic = await insertItem("Wireless Handheld Microphone", 20, "800", { category: "sound" });
  items.deck = await insertItem("Stage Deck 8x4 ft", 60, "1500", { category: "stage" });
  items.truss = await insertItem("Box Truss 3 m", 40, "1200", { category: "truss" });
  items.stageSet = await insertItem("Wedding Stage Set", 5, "45000", { category: "stage" });
  await getDb()
    .insert(inventoryPackageParts)
    .values([
      { packageItemId: items.stageSet, partItemId: items.deck, quantity: 4, position: 0 },
      { packageItemId: items.stageSet, partItemId: items.truss, quantity: 2, position: 1 },
      { packageItemId: items.stageSet, partItemId: items.spot, quantity: 2, position: 2 },
    ]);
  job = await approvedJob([
    [items.mic, 4],
    [items.stageSet, 2],
    [items.spot, 3],
  ]);
  staff = await signedInUser("staff");
}, 120_000);

const shape = (groups: PickGroup[]) =>
  groups.map((g) => ({
    label: g.label,
    entries: g.entries.map((e) =>
      e.kind === "item"
        ? [e.row.name, e.row.reserved, e.row.sent, e.row.toPick]
        : [`package ${e.name} × ${e.packages}`, e.parts.map((p) => [p.name, p.reserved, p.sent, p.toPick])],
    ),
  }));

describe("the pick list", () => {
  it("groups a job's items by category in the catalogue's order, a package's parts (× packages) under it", async () => {
    const list = (await loadPickList(getDb(), job.id))!;
    expect(list.job.reference).toBe(jobReference(job.number));
    expect(shape(list.groups)).toEqual([
      { label: "Lighting", entries: [["Moving Head Spot 230W", 3, 0, 3]] },
      { label: "Sound Systems", entries: [["Wireless Handheld Microphone", 4, 0, 4]] },
      {
        label: "Stage Setup",
        entries: [
          [
            "package Wedding Stage Set × 2",
            [
              ["Stage Deck 8x4 ft", 8, 0, 8],
              ["Box Truss 3 m", 4, 0, 4],
              ["Moving Head Spot 230W", 4, 0, 4],
            ],
          ],
        ],
      },
    ]);
    // The truss is a part only: no Trusses group of its own.
    expect(list.groups.map((g) => g.category)).not.toContain("truss");
    expect(list.totals).toEqual({ reserved: 23, sent: 0, toPick: 23 });
    expect(pickRows(list.groups).map((r) => r.slug)).toContain(await slugOf(items.deck));
    // Labels for every item to pick, each once; the package itself has none (its parts carry them).
    const href = pickListLabelsHref(list.groups)!;
    const asked = new URL(href, "http://x").searchParams.getAll("item");
    expect(asked.sort()).toEqual([items.spot, items.mic, items.deck, items.truss].sort());
  });

  it("after a partial dispatch lists what is left to pick: reserved − sent", async () => {
    const partial = await approvedJob([
      [items.spot, 5],
      [items.stageSet, 1],
    ]);
    const lineOf = async (itemId: string, part: boolean) =>
      (
        await getDb()
          .select()
          .from(jobLines)
          .where(and(eq(jobLines.jobId, partial.id), eq(jobLines.inventoryItemId, itemId)))
      ).find((l) => (l.packageLineId !== null) === part)!;
    await getDb()
      .update(jobLines)
      .set({ dispatched: 2 })
      .where(eq(jobLines.id, (await lineOf(items.spot, false)).id));
    await getDb()
      .update(jobLines)
      .set({ dispatched: 4 })
      .where(eq(jobLines.id, (await lineOf(items.deck, true)).id));
    const list = (await loadPickList(getDb(), partial.id))!;
    expect(shape(list.groups)).toEqual([
      { label: "Lighting", entries: [["Moving Head Spot 230W", 5, 2, 3]] },
      {
        label: "Stage Setup",
        entries: [
          [
            "package Wedding Stage Set × 1",
            [
              ["Stage Deck 8x4 ft", 4, 4, 0],
              ["Box Truss 3 m", 2, 0, 2],
              ["Moving Head Spot 230W", 2, 0, 2],
            ],
          ],
        ],
      },
    ]);
    expect(list.totals).toEqual({ reserved: 13, sent: 6, toPick: 7 });
  });

  it("is null for an unknown job or an id that is no id", async () => {
    expect(await loadPickList(getDb(), crypto.randomUUID())).toBeNull();
    expect(await loadPickList(getDb(), "JOB-000001")).toBeNull();
  });
});

describe("the pick list's PDF", () => {
  it("prints the job, the groups with codes and figures, packages with parts, boxes and signature lines", async () => {
    const list = (await loadPickList(getDb(), job.id))!;
    const bytes = await renderPickListPdf(getDb(), list, NOW);
    keep("pick-list.pdf", bytes);
    const file = pdfFile(bytes);
    expect(pdfPageCount(file)).toBe(1);
    const text = pdfWords(bytes);
    expect(text).toContain("Pick list");
    expect(text).toContain(list.job.reference);
    expect(text).toMatch(/Event Nadia & Arif Wedding Reception/);
    expect(text).toMatch(/Customer Nadia Rahman/);
    expect(text).toContain("01711223344");
    expect(text).toContain("Bashundhara Convention Hall, Dhaka");
    expect(text).toContain("12 Feb 2027 to 14 Feb 2027 (3 days)");
    expect(text).toContain("6:30 PM");
    expect(text).toContain("23 units to pick (23 reserved, 0 already sent)");
    for (const label of ["Lighting", "Sound Systems", "Stage Setup"]) expect(text).toContain(label);
    expect(text).not.toContain("Trusses");
    expect(text).toContain("Package: Wedding Stage Set × 2");
    for (const id of Object.values(items).filter((i) => i !== items.stageSet)) expect(text).toContain(await slugOf(id));
    expect(text).toMatch(/Stage Deck 8x4 ft .*8 0 8/);
    expect(text).toMatch(/Picked by .*Checked by .*Date/);
    expect(text).toContain("Page 1 of 1");
    // Groups in the catalogue's order.
    expect(text.indexOf("Lighting")).toBeLessThan(text.indexOf("Sound Systems"));
    expect(text.indexOf("Sound Systems")).toBeLessThan(text.indexOf("Stage Setup"));
  });

  it("draws each item's QR code, which reads back to exactly its public id", async () => {
    const single = await approvedJob([[items.mic, 2]]);
    const bytes = await renderPickListPdf(getDb(), (await loadPickList(getDb(), single.id))!, NOW);
    keep("pick-list-one-item.pdf", bytes);
    expect(await pdfQr(bytes, 1)).toBe(await slugOf(items.mic));
  });

  it("runs onto more pages keeping each group's heading with its rows, and repeats a continued group's heading", async () => {
    const many: Array<[string, number]> = [];
    for (const [i, category] of CATEGORIES.slice(0, 6).entries())
      for (let n = 0; n < 4 + i; n++)
        many.push([await insertItem(`${category.name} item ${n + 1}`, 10, "100", { category: category.id }), 1 + n]);
    const big = await approvedJob(many);
    const list = (await loadPickList(getDb(), big.id))!;
    const bytes = await renderPickListPdf(getDb(), list, NOW);
    keep("pick-list-long.pdf", bytes);
    const file = pdfFile(bytes);
    const pages = pdfPageCount(file);
    expect(pages).toBeGreaterThan(2);
    const labels = list.groups.map((g) => g.label);
    for (let page = 1; page <= pages; page++) {
      const lines = pdfText(file, page)
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l !== "");
      expect(lines.at(-1)).toMatch(new RegExp(`Page ${page} of ${pages}$`));
      lines.forEach((line, i) => {
        const heading = labels.find((label) => new RegExp(`^${label}( \\(continued\\))? \\d+ to pick$`).test(line));
        if (!heading) return;
        // After the heading: the column titles, then an item of that group on the same page.
        expect(lines[i + 1]).toMatch(/^QR Item and code Reserved Sent To pick Picked Initials$/);
        expect(lines[i + 2]).toMatch(new RegExp(`^${heading} item \\d+`));
      });
    }
    expect(pdfWords(bytes)).toMatch(/\(continued\) \d+ to pick/);
    expect(pdfText(file, pages)).toMatch(/Picked by/);
  });
});

describe("the pick list's routes", () => {
  it("shows a job's pick list and answers 404 for an unknown job", async () => {
    const path = `/admin/jobs/${job.id}/pick-list`;
    const answer = answerOf<Awaited<ReturnType<typeof loadPickList>>>(
      await callRoute(pickListLoader, path, { as: staff, params: { id: job.id } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body!.groups.map((g) => g.label)).toEqual(["Lighting", "Sound Systems", "Stage Setup"]);
    for (const id of [crypto.randomUUID(), "nope"]) {
      const thrown = await thrownBy(
        callRoute(pickListLoader, `/admin/jobs/${id}/pick-list`, { as: staff, params: { id } }),
      );
      expect(thrown.status).toBe(404);
    }
  });

  it("sends the PDF as JOB-…-pick-list.pdf, private and not stored; 404 for an unknown job", async () => {
    const response = (await callRoute(pickListPdfLoader, `/admin/jobs/${job.id}/pick-list/pdf`, {
      as: staff,
      params: { id: job.id },
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const name = pickListFileName(jobReference(job.number));
    expect(name).toMatch(/^JOB-\d{6}-pick-list\.pdf$/);
    expect(response.headers.get("content-disposition")).toContain(`attachment; filename="${name}"`);
    expect(response.headers.get("cache-control")).toMatch(/^private/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(pdfWords(bytes)).toContain(jobReference(job.number));
    const unknown = crypto.randomUUID();
    const thrown = await thrownBy(
      callRoute(pickListPdfLoader, `/admin/jobs/${unknown}/pick-list/pdf`, { as: staff, params: { id: unknown } }),
    );
    expect(thrown.status).toBe(404);
  });
});
