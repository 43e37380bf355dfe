import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { and, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { companySettings, customers } from "../../db/schema";
import { PASSWORD_MESSAGES } from "./forms";

// Whether a new password is too easy to guess (ASVS 5.0 V6.2): zxcvbn-ts estimates the guesses it would take
// with its dictionaries of common passwords, words and names, keyboard patterns, dates, repeats and sequences,
// and the user's own name, address and company (passwordUserInputs). Server-only: its dictionaries (about
// 1.5 MB) never reach the browser, which checks the length rules of forms.ts and shows this answer after the post.

/** zxcvbn's score, 0 to 4, a new password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

/** Words anyone would try first against this site's accounts. */
const SITE_WORDS = ["utsab", "utsabevents", "events", "rental", "rentals", "dhaka", "admin"];

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes a moment, once per process. */
function getEstimator(): ZxcvbnFactory {
  return (estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  }));
}

/** At most this many words of one input are joined in runs (a name or company name is a few words). */
const MAX_JOINED_WORDS = 8;

/**
 * The words zxcvbn is given for the user's own inputs: each input as typed; an e-mail address's local part and
 * domain apart; each word of 3 characters or more; and every run of 2 or more words joined without spaces, since
 * zxcvbn matches one dictionary entry per part of the password and three entries of the user's own ("dhaka",
 * "fashion", "week") still score as "safely unguessable": "dhakafashionweek" must be one entry.
 */
export function passwordInputWords(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  const add = (input: string) => {
    const text = input.trim().toLowerCase();
    if (!text) return;
    words.add(text);
    const parts = text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
    for (const part of parts) if (part.length >= 3) words.add(part);
    const joinable = parts.slice(0, MAX_JOINED_WORDS);
    for (let start = 0; start < joinable.length; start++)
      for (let end = start + 2; end <= joinable.length; end++) words.add(joinable.slice(start, end).join(""));
  };
  for (const input of userInputs) {
    add(input);
    const at = input.lastIndexOf("@");
    if (at > 0) {
      add(input.slice(0, at));
      add(input.slice(at + 1));
    }
  }
  return [...words];
}

/**
 * Null when `password` is hard enough to guess; otherwise the message that says why not (zxcvbn's warning and
 * suggestions). `userInputs`: what the password must not lean on, the user's own e-mail address, name and
 * company names (passwordUserInputs).
 */
export function weakPasswordMessage(password: string, userInputs: readonly string[] = []): string | null {
  const result = getEstimator().check(password, [...SITE_WORDS, ...passwordInputWords(userInputs)]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [PASSWORD_MESSAGES.newTooGuessable, warning ?? PASSWORD_MESSAGES.newPredictable, ...suggestions]
    .filter((part): part is string => !!part)
    .join(" ");
}

/**
 * What a user's new password must not be built from: their e-mail address and name, the name and organisation of
 * the customer record with their e-mail address (a portal user's company), and this company's own name.
 */
export async function passwordUserInputs(db: DbOrTx, user: { email: string; name: string }): Promise<string[]> {
  const email = user.email.trim().toLowerCase();
  const customerNames = await db
    .select({ name: customers.name, organisation: customers.organisation })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email}`, isNull(customers.mergedIntoId)));
  const [company] = await db.select({ name: companySettings.name }).from(companySettings);
  return [
    user.email,
    user.name,
    ...customerNames.flatMap((c) => [c.name, c.organisation ?? ""]),
    company?.name ?? "",
  ].filter((input) => input.trim() !== "");
}
