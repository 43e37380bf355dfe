import { nameField } from "./name-text";

// Where money is paid to a person or a business in Bangladesh: a bank account number, or a mobile wallet (bKash,
// Nagad) number. One rule for employees' salaries and suppliers' payments, browser and server.

/** Digits with single spaces or dashes between them, 6 to 20 characters in all. */
export const ACCOUNT_NUMBER = /^[0-9](?:[ -]?[0-9]){5,19}$/;
/** A Bangladeshi mobile number as stored: 01, an operator digit 3-9, 8 more digits. */
export const MOBILE = /^01[3-9][0-9]{8}$/;

export const PAYEE_MESSAGES = {
  accountNumberInvalid: "Account number must be 6 to 20 digits; spaces and dashes may separate them",
  walletInvalid: "Wallet number must be a Bangladeshi mobile number: 01 and 9 more digits, the third 3 to 9",
} as const;

/** A mobile number as typed ("+880 1712-345678") as stored ("01712345678"); what cannot be one is kept as typed. */
export function normalizeWalletNumber(value: string): string {
  const compact = value.replace(/[\s-]/g, "");
  const local = compact.replace(/^(?:\+?88)(?=01)/, "");
  return MOBILE.test(local) ? local : value.trim();
}

/**
 * The bank's name beside an account number: shown on salary advices and payment runs, so a name by the one rule
 * for names (one line, nothing hidden or direction-changing); optional, null when empty.
 */
export function bankNameField(max: number, tooLong: string) {
  return nameField("Bank name", { max, optional: true, messages: { tooLong } }).transform((v) => v || null);
}
