import { describe, expect, it } from "vitest";
import { toPaisa } from "../../lib/money";
import {
  compactText,
  dayNumber,
  exactGroups,
  rankSuggestions,
  type MatchCandidate,
  type StatementLineToMatch,
} from "./match-suggestions";

const line = (id: string, date: string, amount: string, description = "", reference: string | null = null) =>
  ({ id, date, amount: toPaisa(amount), description, reference }) satisfies StatementLineToMatch;
const cand = (id: string, date: string, amount: string, description = "", references: string[] = []) =>
  ({
    journalLineId: id,
    entryId: `e-${id}`,
    date,
    amount: toPaisa(amount),
    description,
    references,
  }) satisfies MatchCandidate;

const ids = (s: { candidate: MatchCandidate }[]) => s.map((x) => x.candidate.journalLineId);

describe("dayNumber and compactText", () => {
  it("counts calendar days across months and leap years", () => {
    expect(dayNumber("2024-03-01") - dayNumber("2024-02-28")).toBe(2);
    expect(dayNumber("2025-03-01") - dayNumber("2025-02-28")).toBe(1);
    expect(dayNumber("2026-01-01") - dayNumber("2025-12-31")).toBe(1);
  });
  it("keeps letters and digits only, lower case", () => {
    expect(compactText("INV-2026-27/000123")).toBe("inv202627000123");
    expect(compactText("  Chq # 0042 ")).toBe("chq0042");
  });
});

describe("rankSuggestions", () => {
  it("suggests only same-sign lines within the window, the exact amount first", () => {
    const result = rankSuggestions(
      [line("s1", "2025-03-10", "1500.00")],
      [
        cand("near-other", "2025-03-10", "1499.00"),
        cand("exact-far", "2025-03-15", "1500.00"),
        cand("exact-near", "2025-03-11", "1500.00"),
        cand("out-sign", "2025-03-10", "-1500.00"),
        cand("out-window", "2025-03-18", "1500.00"),
        cand("before-window", "2025-03-02", "1500.00"),
      ],
    );
    expect(ids(result.get("s1")!.singles)).toEqual(["exact-near", "exact-far", "near-other"]);
    expect(result.get("s1")!.singles[0]).toMatchObject({ exactAmount: true, days: 1, referenceHit: false });
  });

  it("puts a reference found on both sides before a nearer date, and shared words break ties", () => {
    const result = rankSuggestions(
      [line("s1", "2025-03-10", "-2000.00", "NPSB transfer Sound House", "CHQ 000457")],
      [
        cand("plain", "2025-03-10", "-2000.00", "Payment"),
        cand("by-ref", "2025-03-14", "-2000.00", "Payment", ["CHQ-000457"]),
        cand("by-words", "2025-03-10", "-2000.00", "Sound House rent"),
      ],
    );
    expect(ids(result.get("s1")!.singles)).toEqual(["by-ref", "by-words", "plain"]);
    expect(result.get("s1")!.singles[0]!.referenceHit).toBe(true);
  });

  it("finds a document number named in the line's description", () => {
    const result = rankSuggestions(
      [line("s1", "2025-03-10", "11500.00", "BEFTN IN INV-2025-26-000012 Acme")],
      [cand("a", "2025-03-09", "11500.00"), cand("b", "2025-03-12", "11500.00", "", ["INV-2025-26-000012"])],
    );
    expect(ids(result.get("s1")!.singles)).toEqual(["b", "a"]);
  });

  it("suggests a group summing exactly when no single line has the amount", () => {
    const result = rankSuggestions(
      [line("dep", "2025-03-10", "10000.00", "Cash deposit")],
      [
        cand("r1", "2025-03-08", "2500.00"),
        cand("r2", "2025-03-09", "4000.00"),
        cand("r3", "2025-03-09", "3500.00"),
        cand("r4", "2025-03-09", "9999.00"),
        cand("neg", "2025-03-09", "-500.00"),
      ],
    );
    const { groups, singles } = result.get("dep")!;
    expect(singles.some((s) => s.exactAmount)).toBe(false);
    expect(groups.map((g) => g.candidates.map((c) => c.journalLineId).sort())).toEqual([["r1", "r2", "r3"]]);
    // In date order.
    expect(groups[0]!.candidates[0]!.journalLineId).toBe("r1");
    expect(groups[0]!.days).toBe(2);
  });

  it("looks for no group when a single line has the exact amount", () => {
    const result = rankSuggestions(
      [line("dep", "2025-03-10", "100.00")],
      [cand("one", "2025-03-10", "100.00"), cand("a", "2025-03-10", "60.00"), cand("b", "2025-03-10", "40.00")],
    );
    expect(result.get("dep")!.groups).toEqual([]);
  });

  it("suggests one ledger line to several statement lines (until it is matched)", () => {
    const result = rankSuggestions(
      [line("s1", "2025-03-10", "-57.50"), line("s2", "2025-03-11", "-57.50")],
      [cand("c", "2025-03-10", "-57.50")],
    );
    expect(ids(result.get("s1")!.singles)).toEqual(["c"]);
    expect(ids(result.get("s2")!.singles)).toEqual(["c"]);
  });

  it("keeps at most `limit` singles and honours a custom window", () => {
    const many = Array.from({ length: 20 }, (_, i) => cand(`c${i}`, "2025-03-10", `${100 + i}.00`));
    const result = rankSuggestions([line("s", "2025-03-12", "100.00")], many, { limit: 3, windowDays: 1 });
    expect(result.get("s")!.singles).toEqual([]);
    const wide = rankSuggestions([line("s", "2025-03-12", "100.00")], many, { limit: 3, windowDays: 2 });
    expect(ids(wide.get("s")!.singles)).toEqual(["c0", "c1", "c2"]);
  });

  it("ranks 1,000 lines against 1,000 candidates quickly, groups included", () => {
    const lines: StatementLineToMatch[] = [];
    const candidates: MatchCandidate[] = [];
    for (let i = 0; i < 1000; i++) {
      const date = `2025-03-${String((i % 28) + 1).padStart(2, "0")}`;
      const amount = `${(i % 2 ? -1 : 1) * (100 + (i % 97))}.${String(i % 100).padStart(2, "0")}`;
      lines.push(line(`s${i}`, date, amount, `Line ${i} NPSB ${i % 13}`, `REF${i}`));
      candidates.push(cand(`c${i}`, date, i % 3 === 0 ? amount : `${(i % 2 ? -1 : 1) * (50 + (i % 71))}.00`));
    }
    const started = performance.now();
    const result = rankSuggestions(lines, candidates);
    // A guard against a search that grows out of bounds (about 0.2 s on an idle machine; shared CI runs slower).
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.size).toBe(1000);
  });
});

describe("exactGroups", () => {
  it("finds the fewest lines first and stays within its bounds", () => {
    const pool = ["70", "30", "50", "20", "10"].map((v) => ({ amount: toPaisa(v) }));
    const groups = exactGroups(pool, toPaisa("100"));
    expect(groups[0]!.map((i) => pool[i]!.amount)).toEqual([toPaisa("70"), toPaisa("30")]);
    expect(groups.every((g) => g.reduce((s, i) => s + pool[i]!.amount, 0n) === toPaisa("100"))).toBe(true);
    expect(groups.length).toBeLessThanOrEqual(3);
  });
  it("works on money out (negative amounts) and ignores the other sign", () => {
    const pool = ["-70", "-30", "30"].map((v) => ({ amount: toPaisa(v) }));
    expect(exactGroups(pool, toPaisa("-100"))).toEqual([[0, 1]]);
  });
  it("gives up after its step budget on a pool with no answer", () => {
    const pool = Array.from({ length: 24 }, (_, i) => ({ amount: BigInt(2 * i + 2) * 100n }));
    const started = performance.now();
    expect(exactGroups(pool, 99_999n)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
