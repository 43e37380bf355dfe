import { describe, expect, it } from "vitest";
import { csvLines, csvStream, keysetCsv, numericCsvLines, type KeysetAfter } from "./csv-stream.server";

// The export loop both CSV exports use (inventory, transactions): header first, batches found after the last row's
// keys, the end at a short batch; and the byte stream of a Response.

const ROWS = Array.from({ length: 5 }, (_, i) => ({
  id: `id-${i}`,
  sortKeys: [`k${i}`],
  name: i === 2 ? "=SUM(A1)" : `Row ${i}`,
}));

function pager() {
  const asked: (KeysetAfter | null)[] = [];
  const page = (after: KeysetAfter | null, limit: number) => {
    asked.push(after);
    const from = after ? ROWS.findIndex((r) => r.id === after.id) + 1 : 0;
    return Promise.resolve(ROWS.slice(from, from + limit));
  };
  return { asked, page };
}

describe("keysetCsv", () => {
  it("yields the header after a byte order mark, then a chunk per batch, each asked after the last row", async () => {
    const { asked, page } = pager();
    const chunks: string[] = [];
    for await (const chunk of keysetCsv({ header: ["Name"], page, cells: (r) => [r.name], batchSize: 2 }))
      chunks.push(chunk);
    expect(chunks).toEqual(["\uFEFFName\r\n", "Row 0\r\nRow 1\r\n", "'=SUM(A1)\r\nRow 3\r\n", "Row 4\r\n"]);
    expect(asked).toEqual([null, { keys: ["k1"], id: "id-1" }, { keys: ["k3"], id: "id-3" }]);
  });

  it("asks once more after a full last batch, and stops at an empty one", async () => {
    const { asked, page } = pager();
    const chunks: string[] = [];
    for await (const chunk of keysetCsv({ header: ["Name"], page, cells: (r) => [r.name], batchSize: 5 }))
      chunks.push(chunk);
    expect(chunks).toHaveLength(2);
    expect(asked).toHaveLength(2);
  });
});

describe("csvStream", () => {
  it("streams the chunks as UTF-8 bytes", async () => {
    const { page } = pager();
    const bytes = await new Response(
      csvStream(keysetCsv({ header: ["Name"], page, cells: (r) => [r.name], batchSize: 3 }), "the test"),
    ).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe("\uFEFFName\r\nRow 0\r\nRow 1\r\n'=SUM(A1)\r\nRow 3\r\nRow 4\r\n");
  });
});

describe("the one CSV writer (issue 38)", () => {
  it("defuses a formula, in ASCII or full-width, in every CSV", () => {
    const cells = ["=1+1", "+1", "-x", "@SUM(A1)", "\tx", '＝HYPERLINK("x")', "＋1", "－1", "＠x", "Tanvir"];
    const expected = [
      "'=1+1",
      "'+1",
      "'-x",
      "'@SUM(A1)",
      "'\tx",
      '\'＝HYPERLINK(""x"")',
      "'＋1",
      "'－1",
      "'＠x",
      "Tanvir",
    ];
    for (const write of [csvLines, numericCsvLines])
      expect(
        write([cells])
          .split(",")
          .map((c) => c.replace(/^"|"$/g, "").replace(/\r\n$/, "")),
      ).toEqual(expected);
  });

  it("keeps a plain number a number where amounts may be negative, and text otherwise", () => {
    expect(numericCsvLines([["-1500.00", "-1,500.00", "－1500"]])).toBe("-1500.00,\"'-1,500.00\",'－1500\r\n");
    expect(csvLines([["-1500.00"]])).toBe("'-1500.00\r\n");
  });
});
