import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { PASSWORD_MESSAGES } from "./forms";

// Whether a new password is too easy to guess (ASVS 5.0 V6.2): zxcvbn-ts estimates the guesses it would take
// with its dictionaries of common passwords, words and names, keyboard patterns, dates, repeats and sequences,
// and the user's own name and address. Server-only: its dictionaries (about 1.5 MB) never reach the browser,
// which checks the length rules of forms.ts and shows this answer after the post.

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

/**
 * Null when `password` is hard enough to guess; otherwise the message that says why not (zxcvbn's warning and
 * suggestions). `userInputs`: the user's own e-mail address and name, which a password must not lean on.
 */
export function weakPasswordMessage(password: string, userInputs: readonly string[] = []): string | null {
  const inputs = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[^a-z0-9]+/)]);
  const result = getEstimator().check(password, [...SITE_WORDS, ...inputs.filter((w) => w.length >= 3)]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [PASSWORD_MESSAGES.newTooGuessable, warning ?? PASSWORD_MESSAGES.newPredictable, ...suggestions]
    .filter((part): part is string => !!part)
    .join(" ");
}
