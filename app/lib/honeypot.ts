/**
 * The public forms' honeypot (DESIGN §8): a field people never see or fill; a robot that fills every input
 * gives itself away. Its answer looks like success, so the robot learns nothing, but nothing is stored.
 * The name matches nothing a browser's or password manager's autofill recognises (as "website", "url" or
 * "company" would), so a person's browser never fills it for them.
 */
export const HONEYPOT_FIELD = "hp_leave_blank";

/** True when the honeypot holds anything (text, or a file sent in its place). */
export function isHoneypotFilled(form: FormData): boolean {
  return form.getAll(HONEYPOT_FIELD).some((v) => typeof v !== "string" || v.trim() !== "");
}
