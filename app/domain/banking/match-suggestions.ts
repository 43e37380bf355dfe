import { MATCH_WINDOW_DAYS } from "./constants";

// Matching suggestions (issue 23): for each statement line, the account's unmatched posted ledger lines that may be
// the same money, best first. Pure and browser-safe: the server reads the candidates with one query
// (match-suggestions.server.ts) and ranks every line of a statement here, in memory.
//
// A candidate is a ledger line of the same sign (money in for money in) dated within ±windowDays of the line. It ranks
// by: the exact amount first; then a reference found on both sides (the entry's reference number, the document's
// number or reference, the bank transaction's reference, in the line's description or reference, or the line's
// reference in the entry's text); then the fewer days apart; then words the descriptions share; then the nearer
// amount. A group suggestion is several same-sign candidates within the window whose amounts sum exactly to the line
// (one deposit of several receipts), searched with bounds (GROUP_LIMITS) so a 1,000-line statement stays fast; it is
// looked for only when no single candidate has the exact amount. A candidate may be suggested for several lines until
// it is matched.

export interface StatementLineToMatch {
  id: string;
  date: string;
  /** Signed paisa: + money in, − money out. */
  amount: bigint;
  description: string;
  reference: string | null;
}

export interface MatchCandidate {
  journalLineId: string;
  entryId: string;
  date: string;
  /** debit − credit on the bank account, paisa. */
  amount: bigint;
  description: string;
  /** The entry's reference number, and the document's number or references where known. */
  references: readonly string[];
}

export interface SingleSuggestion {
  candidate: MatchCandidate;
  exactAmount: boolean;
  days: number;
  referenceHit: boolean;
  sharedWords: number;
}

export interface GroupSuggestion {
  candidates: MatchCandidate[];
  /** The largest day distance among them. */
  days: number;
}

export interface LineSuggestions {
  singles: SingleSuggestion[];
  groups: GroupSuggestion[];
}

export interface RankOptions {
  windowDays?: number;
  /** Single suggestions kept per line. */
  limit?: number;
}

/** The group search's bounds: candidates considered, lines per group, search steps and groups kept per line. */
export const GROUP_LIMITS = { pool: 24, maxSize: 4, steps: 4000, keep: 3 } as const;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
}

/** Letters and digits only, lower case: "INV-2026-27/000123" → "inv202627000123". */
export function compactText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

const STOP_WORDS = new Set([
  "the",
  "and",
  "for",
  "from",
  "with",
  "to",
  "of",
  "by",
  "on",
  "in",
  "ltd",
  "limited",
  "bank",
]);

/** The words worth comparing: 3 letters or more, lower case, common ones left out. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    if (word.length >= 3 && !STOP_WORDS.has(word)) words.add(word);
  return words;
}

interface PreparedCandidate {
  candidate: MatchCandidate;
  day: number;
  /** The amount as a number of paisa (exact: below 2^53). */
  value: number;
  /** Its references compacted, those of 3 characters or more. */
  keys: string[];
  /** Its description and references compacted: where a line's reference is looked for. */
  haystack: string;
  words: Set<string>;
}

function prepare(candidate: MatchCandidate): PreparedCandidate {
  const keys = candidate.references.map(compactText).filter((k) => k.length >= 3);
  return {
    candidate,
    day: dayNumber(candidate.date),
    value: Number(candidate.amount),
    keys,
    haystack: compactText(candidate.description) + "|" + keys.join("|"),
    words: wordsOf(candidate.description),
  };
}

/** A suggestion's rank as numbers, compared in order: smaller is better. */
type Rank = [notExact: number, noReference: number, days: number, fewerWords: number, distance: number, day: number];

function better(a: Rank, b: Rank): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * Several candidates whose amounts sum exactly to `target` (same sign as all of them), fewest lines first, as
 * indexes into `pool`: pairs and triples by looking the rest up, quadruples by meeting two pairs; at most
 * GROUP_LIMITS.keep, the search stopped after GROUP_LIMITS.steps pair look-ups. Paisa fit a double exactly (below
 * 2^53), so the search adds numbers, not bigints.
 */
export function exactGroups(pool: readonly { amount: bigint }[], target: bigint, limits = GROUP_LIMITS): number[][] {
  const sign = target < 0n ? -1n : 1n;
  const goal = Number(target * sign);
  const items = pool
    .map((p, index) => ({ index, value: Number(p.amount * sign) }))
    .filter((p) => p.value > 0 && p.value < goal);
  const n = items.length;
  const found: number[][] = [];
  const done = () => found.length >= limits.keep;
  const emit = (positions: number[]) => found.push(positions.map((i) => items[i]!.index));
  // Where each amount is, by position.
  const at = new Map<number, number[]>();
  items.forEach((item, i) => {
    const list = at.get(item.value);
    if (list) list.push(i);
    else at.set(item.value, [i]);
  });
  const after = (value: number, position: number) => at.get(value)?.find((i) => i > position);

  if (limits.maxSize >= 2)
    for (let i = 0; i < n && !done(); i++) {
      const j = after(goal - items[i]!.value, i);
      if (j !== undefined) emit([i, j]);
    }
  if (limits.maxSize >= 3)
    for (let i = 0; i < n && !done(); i++)
      for (let j = i + 1; j < n && !done(); j++) {
        const k = after(goal - items[i]!.value - items[j]!.value, j);
        if (k !== undefined) emit([i, j, k]);
      }
  if (limits.maxSize >= 4 && !done()) {
    // Every pair by its sum; a quadruple is two pairs, the second wholly after the first.
    const pairs = new Map<number, [number, number][]>();
    for (let k = 0; k < n; k++)
      for (let l = k + 1; l < n; l++) {
        const sum = items[k]!.value + items[l]!.value;
        if (sum >= goal) continue;
        const list = pairs.get(sum);
        if (list) list.push([k, l]);
        else pairs.set(sum, [[k, l]]);
      }
    let steps = 0;
    for (let i = 0; i < n && !done(); i++)
      for (let j = i + 1; j < n && !done() && steps < limits.steps; j++, steps++) {
        const rest = pairs.get(goal - items[i]!.value - items[j]!.value);
        const pair = rest?.find(([k]) => k > j);
        if (pair) emit([i, j, pair[0], pair[1]]);
      }
  }
  return found;
}

/** Suggestions for every line, by line id. Candidates are shared: one may be suggested to several lines. */
export function rankSuggestions(
  lines: readonly StatementLineToMatch[],
  candidates: readonly MatchCandidate[],
  options: RankOptions = {},
): Map<string, LineSuggestions> {
  const windowDays = options.windowDays ?? MATCH_WINDOW_DAYS;
  const limit = options.limit ?? 5;
  const prepared = candidates.map(prepare).sort((a, b) => a.day - b.day);
  const days = prepared.map((p) => p.day);
  /** The first index whose day is ≥ `day`. */
  const firstFrom = (day: number) => {
    let lo = 0;
    let hi = days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const result = new Map<string, LineSuggestions>();
  for (const line of lines) {
    const day = dayNumber(line.date);
    const positive = line.amount > 0n;
    const lineText = compactText(`${line.description}|${line.reference ?? ""}`);
    const lineRef = line.reference ? compactText(line.reference) : "";
    const lineWords = wordsOf(line.description);
    // The best `limit` kept in order as they come: most candidates fall behind the last kept one at once.
    const top: { rank: Rank; suggestion: SingleSuggestion }[] = [];
    const value = Number(line.amount);
    let exactFound = false;
    const from = firstFrom(day - windowDays);
    const end = firstFrom(day + windowDays + 1);
    for (let i = from; i < end; i++) {
      const p = prepared[i]!;
      if (p.value > 0 !== positive) continue;
      const exactAmount = p.value === value;
      if (exactAmount) exactFound = true;
      let referenceHit = lineRef.length >= 3 && p.haystack.includes(lineRef);
      for (let k = 0; !referenceHit && k < p.keys.length; k++) referenceHit = lineText.includes(p.keys[k]!);
      let sharedWords = 0;
      if (lineWords.size > 0) for (const w of p.words) if (lineWords.has(w)) sharedWords++;
      const days = Math.abs(p.day - day);
      const rank: Rank = [
        exactAmount ? 0 : 1,
        referenceHit ? 0 : 1,
        days,
        -sharedWords,
        Math.abs(p.value - value),
        p.day,
      ];
      if (top.length === limit && !better(rank, top[limit - 1]!.rank)) continue;
      let at = top.length;
      while (at > 0 && better(rank, top[at - 1]!.rank)) at--;
      top.splice(at, 0, { rank, suggestion: { candidate: p.candidate, exactAmount, days, referenceHit, sharedWords } });
      if (top.length > limit) top.pop();
    }

    const groups: GroupSuggestion[] = [];
    if (!exactFound && end - from >= 2) {
      // The pool: the same-sign candidates smaller than the line nearest to its day, outward from it.
      const pool: PreparedCandidate[] = [];
      const size = Math.abs(value);
      const fits = (p: PreparedCandidate) => p.value > 0 === positive && Math.abs(p.value) < size;
      let left = firstFrom(day) - 1;
      let right = left + 1;
      while (pool.length < GROUP_LIMITS.pool && (left >= from || right < end)) {
        const takeLeft = right >= end || (left >= from && day - prepared[left]!.day <= prepared[right]!.day - day);
        const p = prepared[takeLeft ? left-- : right++]!;
        if (fits(p)) pool.push(p);
      }
      for (const group of exactGroups(
        pool.map((p) => p.candidate),
        line.amount,
      )) {
        const members = group.map((i) => pool[i]!);
        groups.push({
          candidates: members.map((m) => m.candidate).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
          days: Math.max(...members.map((m) => Math.abs(m.day - day))),
        });
      }
    }
    result.set(line.id, { singles: top.map((t) => t.suggestion), groups });
  }
  return result;
}

/** The sum of the chosen ledger lines' amounts, paisa. */
export function sumOf(amounts: readonly bigint[]): bigint {
  return amounts.reduce((sum, a) => sum + a, 0n);
}
