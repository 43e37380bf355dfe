import { AGE_BUCKET_KEYS, type AgeBucketKey } from "./ageing";
import type { PartyKind } from "./constants";

// Ageing by party (issue 36; party-ageing.server.ts reads it from the ledger): its shape, and the page of it a screen
// shows. Browser-safe.

export type PartyAgeingColumn = AgeBucketKey | "onAccount" | "total";

export interface PartyAgeingRow {
  id: string;
  name: string;
  amounts: Record<PartyAgeingColumn, string>;
  /** The oldest open document's days past due (or since its date), for sorting and a glance; null without one. */
  oldestAge: number | null;
  /** That document's due date (or date): an employee's oldest unpaid month is paid from it. */
  oldestDue: string | null;
}

export interface PartyAgeing {
  kind: PartyKind;
  rows: PartyAgeingRow[];
  totals: Record<PartyAgeingColumn, string>;
  /** How many parties have a balance, listed or not. */
  count: number;
}

export const PARTY_AGEING_COLUMNS: readonly PartyAgeingColumn[] = [...AGE_BUCKET_KEYS, "onAccount", "total"];

/** How many parties a screen lists: the largest balances; the totals still count every one. */
export const PARTY_AGEING_SHOWN = 50;
