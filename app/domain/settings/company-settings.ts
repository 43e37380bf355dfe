import { z } from "zod";
import { fieldErrors } from "../../lib/form-errors";
import { EMAIL_ADDRESS_MAX_LENGTH, isEmailAddress } from "../../lib/email-address";
import { nameField } from "../../lib/name-text";
import type { BusinessHours, SocialLinks } from "../content/constants";
import { formText, formTexts } from "../../lib/form-data";
import { pickQuotationTerms, quotationTermField, type QuotationTerms } from "./quotation-terms";

// The company settings form (/admin/settings): its fields as typed, the rules with one message per field,
// and what a valid form becomes in company_settings. No server imports: the screen shares it. The quotation
// terms' own rules are in quotation-terms.ts.

/** Rows of business hours the form offers; blank rows are dropped. */
export const BUSINESS_HOURS_ROWS = 7;

export const COMPANY_LIMITS = {
  name: 120,
  tagline: 300,
  address: 300,
  phone: 30,
  phones: 10,
  emails: 10,
  days: 60,
  hours: 60,
  supportNote: 500,
  url: 300,
  vatRegistrationNumber: 30,
  /** A multi-line field as posted (the limits per line apply after). */
  lines: 2_000,
} as const;

export const SOCIAL_NETWORKS = ["facebook", "instagram", "linkedin", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
};

export const COMPANY_SETTINGS_MESSAGES = {
  saved: "Settings saved successfully",
  failed: "Failed to save settings",
  unchanged: "Settings saved successfully (nothing had changed)",
} as const;

/** The form exactly as typed: what the inputs show, and what a failed save hands back. */
export interface CompanySettingsFormValues extends QuotationTerms {
  name: string;
  tagline: string;
  address: string;
  /** One phone number per line. */
  phones: string;
  /** One e-mail address per line. */
  emails: string;
  businessHours: BusinessHours[];
  supportNote: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  youtube: string;
  notificationEmail: string;
  vatRegistrationNumber: string;
  vatRatePercent: string;
}

/** What a valid form writes to company_settings. */
export type CompanySettingsUpdate = QuotationTerms & {
  name: string;
  tagline: string;
  address: string;
  phones: string[];
  emails: string[];
  businessHours: BusinessHours[];
  supportNote: string;
  socialLinks: SocialLinks;
  notificationEmail: string;
  vatRegistrationNumber: string;
  /** Two decimals, as numeric(5,2) reads back: "15.00". */
  vatRatePercent: string;
};

/** The business-hours rows the form shows: the given ones, then blank ones up to BUSINESS_HOURS_ROWS. */
export function padBusinessHours(rows: readonly BusinessHours[]): BusinessHours[] {
  const out = rows.map((r) => ({ days: r.days, hours: r.hours }));
  while (out.length < BUSINESS_HOURS_ROWS) out.push({ days: "", hours: "" });
  return out;
}

/** The posted form as typed (a missing field reads as blank). */
export function readCompanySettingsForm(form: FormData): CompanySettingsFormValues {
  const text = (name: string) => formText(form, name);
  const days = formTexts(form, "hoursDays");
  const hours = formTexts(form, "hoursHours");
  const rows: BusinessHours[] = [];
  for (let i = 0; i < Math.max(days.length, hours.length); i++)
    rows.push({ days: days[i] ?? "", hours: hours[i] ?? "" });
  return {
    name: text("name"),
    tagline: text("tagline"),
    address: text("address"),
    phones: text("phones"),
    emails: text("emails"),
    businessHours: rows,
    supportNote: text("supportNote"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    linkedin: text("linkedin"),
    youtube: text("youtube"),
    notificationEmail: text("notificationEmail"),
    vatRegistrationNumber: text("vatRegistrationNumber"),
    vatRatePercent: text("vatRatePercent"),
    termsValidity: text("termsValidity"),
    termsAdvance: text("termsAdvance"),
    termsPayment: text("termsPayment"),
    termsCancellation: text("termsCancellation"),
    termsDamage: text("termsDamage"),
  };
}

/** The stored settings as the form shows them. */
export function companySettingsToFormValues(settings: CompanySettingsUpdate): CompanySettingsFormValues {
  return {
    name: settings.name,
    tagline: settings.tagline,
    address: settings.address,
    phones: settings.phones.join("\n"),
    emails: settings.emails.join("\n"),
    businessHours: settings.businessHours.map((r) => ({ days: r.days, hours: r.hours })),
    supportNote: settings.supportNote,
    facebook: settings.socialLinks.facebook ?? "",
    instagram: settings.socialLinks.instagram ?? "",
    linkedin: settings.socialLinks.linkedin ?? "",
    youtube: settings.socialLinks.youtube ?? "",
    notificationEmail: settings.notificationEmail,
    vatRegistrationNumber: settings.vatRegistrationNumber,
    vatRatePercent: settings.vatRatePercent,
    ...pickQuotationTerms(settings),
  };
}

// Control characters never belong in these fields (tabs and line breaks only where a field has lines).
const LINE_BREAK = /[\r\n]/;
function hasControlCharacter(v: string): boolean {
  for (const ch of v) {
    const code = ch.charCodeAt(0);
    if ((code < 32 && ch !== "\t" && ch !== "\n" && ch !== "\r") || code === 127) return true;
  }
  return false;
}

/** A one-line text field: trimmed, on one line, at most `max` characters; required when `label` is. */
function line(label: string, max: number, options: { required?: boolean } = {}) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .superRefine((v, ctx) => {
      if (options.required && v === "") ctx.addIssue({ code: "custom", message: `${label} is required` });
      else if (v.length > max) ctx.addIssue({ code: "custom", message: `${label} must be at most ${max} characters` });
      else if (hasControlCharacter(v) || LINE_BREAK.test(v))
        ctx.addIssue({ code: "custom", message: `${label} must be one line of plain text` });
    });
}

/** The non-blank lines of a multi-line field, trimmed. */
const linesOf = (v: string) =>
  v
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

function isPhoneNumber(v: string): boolean {
  if (!PHONE_CHARACTERS.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 15;
}

/** A multi-line list, one item per line: blank lines dropped, each line checked, no line twice. */
function lineList(options: {
  label: string;
  item: string;
  max: number;
  maxLength: number;
  valid: (v: string) => boolean;
}) {
  const { label, item, max, maxLength, valid } = options;
  return z
    .string()
    .max(COMPANY_LIMITS.lines, `${label} must be at most ${COMPANY_LIMITS.lines} characters`)
    .transform(linesOf)
    .superRefine((items, ctx) => {
      if (items.length > max) {
        ctx.addIssue({ code: "custom", message: `Enter at most ${max} ${label.toLowerCase()}` });
        return;
      }
      const seen = new Set<string>();
      for (const [i, v] of items.entries()) {
        const n = i + 1;
        if (v.length > maxLength) {
          ctx.addIssue({ code: "custom", message: `Line ${n} is too long (at most ${maxLength} characters)` });
          return;
        }
        if (!valid(v)) {
          ctx.addIssue({ code: "custom", message: `Line ${n} is not a valid ${item}: ${v}` });
          return;
        }
        const key = v.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: "custom", message: `Line ${n} repeats an earlier ${item}` });
          return;
        }
        seen.add(key);
      }
    });
}

/** An optional https:// link to a social network's page. */
function socialLink(network: SocialNetwork) {
  const label = `${SOCIAL_LABELS[network]} link`;
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") return;
      if (v.length > COMPANY_LIMITS.url) {
        ctx.addIssue({ code: "custom", message: `${label} must be at most ${COMPANY_LIMITS.url} characters` });
        return;
      }
      let url: URL | undefined;
      try {
        url = /\s/.test(v) || hasControlCharacter(v) ? undefined : new URL(v);
      } catch {
        url = undefined;
      }
      if (url && url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: `${label} must start with https://` });
        return;
      }
      if (!url || !url.hostname.includes(".") || url.username || url.password)
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a web address such as https://www.${network}.com/yourpage`,
        });
    });
}

const VAT_RATE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "7.5" as "7.50": the two-decimal text numeric(5,2) reads back, made without floating point. */
function twoDecimals(v: string): string {
  const [, whole = "0", fraction = ""] = VAT_RATE.exec(v) ?? [];
  return `${Number(whole)}.${fraction.padEnd(2, "0")}`;
}

export const companySettingsSchema = z
  .object({
    name: nameField("Company name", {
      max: COMPANY_LIMITS.name,
      messages: { control: "Company name must be one line of plain text" },
    }),
    tagline: line("Tagline", COMPANY_LIMITS.tagline),
    address: line("Address", COMPANY_LIMITS.address, { required: true }),
    phones: lineList({
      label: "Phone numbers",
      item: "phone number",
      max: COMPANY_LIMITS.phones,
      maxLength: COMPANY_LIMITS.phone,
      valid: isPhoneNumber,
    }),
    emails: lineList({
      label: "E-mail addresses",
      item: "e-mail address",
      max: COMPANY_LIMITS.emails,
      maxLength: EMAIL_ADDRESS_MAX_LENGTH,
      valid: isEmailAddress,
    }),
    businessHours: z
      .array(z.object({ days: z.string(), hours: z.string() }))
      .transform((rows) => rows.map((r) => ({ days: r.days.trim(), hours: r.hours.trim() })))
      .superRefine((rows, ctx) => {
        const issue = (message: string) => ctx.addIssue({ code: "custom", message });
        const filled = rows.filter((r) => r.days || r.hours);
        if (filled.length > BUSINESS_HOURS_ROWS)
          return issue(`Enter at most ${BUSINESS_HOURS_ROWS} rows of business hours`);
        const seen = new Set<string>();
        for (const [i, r] of rows.entries()) {
          const n = i + 1;
          if (!r.days && !r.hours) continue;
          if (!r.days) return issue(`Row ${n}: enter the days these hours are for`);
          if (!r.hours) return issue(`Row ${n}: enter the hours for ${r.days}`);
          if (r.days.length > COMPANY_LIMITS.days || r.hours.length > COMPANY_LIMITS.hours)
            return issue(`Row ${n}: days and hours must each be at most ${COMPANY_LIMITS.days} characters`);
          if ([r.days, r.hours].some((v) => hasControlCharacter(v) || LINE_BREAK.test(v)))
            return issue(`Row ${n}: days and hours must be plain text`);
          if (seen.has(r.days.toLowerCase())) return issue(`Row ${n} repeats the days of an earlier row`);
          seen.add(r.days.toLowerCase());
        }
      })
      .transform((rows) => rows.filter((r) => r.days && r.hours)),
    supportNote: z
      .string()
      .trim()
      .max(COMPANY_LIMITS.supportNote, `Support note must be at most ${COMPANY_LIMITS.supportNote} characters`)
      .refine((v) => !hasControlCharacter(v), "Support note must be plain text"),
    facebook: socialLink("facebook"),
    instagram: socialLink("instagram"),
    linkedin: socialLink("linkedin"),
    youtube: socialLink("youtube"),
    notificationEmail: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (v === "") ctx.addIssue({ code: "custom", message: "Notification e-mail is required" });
        else if (!isEmailAddress(v))
          ctx.addIssue({ code: "custom", message: "Notification e-mail must be a valid e-mail address" });
      }),
    vatRegistrationNumber: z
      .string()
      .trim()
      .max(
        COMPANY_LIMITS.vatRegistrationNumber,
        `VAT registration number must be at most ${COMPANY_LIMITS.vatRegistrationNumber} characters`,
      )
      .regex(
        /^(?:[A-Za-z0-9][A-Za-z0-9 /-]*)?$/,
        "VAT registration number may contain only letters, digits, spaces, - and /",
      ),
    vatRatePercent: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (v === "") ctx.addIssue({ code: "custom", message: "VAT rate is required (0 if no VAT is charged)" });
        else if (!VAT_RATE.test(v))
          ctx.addIssue({
            code: "custom",
            message: "VAT rate must be a number with at most 2 decimals, e.g. 15 or 7.5",
          });
        else if (Number(twoDecimals(v)) > 100)
          ctx.addIssue({ code: "custom", message: "VAT rate must be between 0 and 100" });
      })
      .transform(twoDecimals),
    termsValidity: quotationTermField("termsValidity"),
    termsAdvance: quotationTermField("termsAdvance"),
    termsPayment: quotationTermField("termsPayment"),
    termsCancellation: quotationTermField("termsCancellation"),
    termsDamage: quotationTermField("termsDamage"),
  })
  .transform((v): CompanySettingsUpdate => ({
    name: v.name,
    tagline: v.tagline,
    address: v.address,
    phones: v.phones,
    emails: v.emails,
    businessHours: v.businessHours,
    supportNote: v.supportNote,
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.filter((n) => v[n]).map((n) => [n, v[n]])) as SocialLinks,
    notificationEmail: v.notificationEmail,
    vatRegistrationNumber: v.vatRegistrationNumber,
    vatRatePercent: v.vatRatePercent,
    ...pickQuotationTerms(v),
  }));

/** The form's own rules (browser and server): what to store, or one message per field. */
export function parseCompanySettingsForm(
  values: CompanySettingsFormValues,
): { ok: true; input: CompanySettingsUpdate } | { ok: false; errors: Record<string, string> } {
  const parsed = companySettingsSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
