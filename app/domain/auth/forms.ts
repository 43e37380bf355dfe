import { z } from "zod";
import { emailAddressSchema } from "../../lib/email-address";

// The sign-in and password forms' rules, used by the browser for inline messages and by the actions as the
// authority (DESIGN §9 Forms). The sign-in messages are the spec's (backoffice.md §5).

export const PASSWORD_MAX_LENGTH = 128;
export const NEW_PASSWORD_MIN_LENGTH = 8;

export const SIGN_IN_MESSAGES = {
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  invalidCredentials: "Invalid email or password",
  notStaff: "Unauthorized: Admin access required",
  welcome: "Welcome back, admin!",
} as const;

export const signInSchema = z.object({
  email: emailAddressSchema,
  password: z
    .string({ error: SIGN_IN_MESSAGES.passwordRequired })
    .min(1, SIGN_IN_MESSAGES.passwordRequired)
    .min(6, SIGN_IN_MESSAGES.passwordTooShort)
    // Longer than any password we let anyone set: wrong, and not worth hashing.
    .max(PASSWORD_MAX_LENGTH, SIGN_IN_MESSAGES.invalidCredentials),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const PASSWORD_MESSAGES = {
  currentRequired: "Current password is required",
  currentWrong: "Current password is incorrect",
  newRequired: "New password is required",
  newTooShort: `New password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
  newTooLong: `New password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  newSameAsOld: "New password must be different from the current one",
  // Followed by the strength estimator's reason and advice (password-strength.server.ts).
  newTooGuessable: "New password is too easy to guess.",
  newPredictable: "It follows a pattern that is quick to try.",
  confirmMismatch: "The two new passwords do not match",
  changed: "Password changed successfully!",
} as const;

/**
 * The new password and its repeat, as every form that sets a password asks for them (the change-password forms and
 * the e-mailed reset link's, password-reset-form.ts); the repeat is checked by `checkRepeat`.
 */
export const newPasswordFields = {
  newPassword: z
    .string({ error: PASSWORD_MESSAGES.newRequired })
    .min(1, PASSWORD_MESSAGES.newRequired)
    .min(NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.newTooShort)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.newTooLong),
  confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmMismatch }),
};

/** The repeat must be the new password, letter for letter. */
export function checkRepeat(v: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (v.confirmPassword !== v.newPassword)
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_MESSAGES.confirmMismatch });
}

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .min(1, PASSWORD_MESSAGES.currentRequired)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.currentWrong),
    ...newPasswordFields,
  })
  .superRefine((v, ctx) => {
    if (v.newPassword && v.newPassword === v.currentPassword)
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_MESSAGES.newSameAsOld });
    checkRepeat(v, ctx);
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Where to go after signing in: a back-office path asked for earlier, never another site. */
export function safeRedirectTarget(value: unknown, fallback = "/admin"): string {
  if (typeof value !== "string") return fallback;
  if (!/^\/admin(?:[/?#]|$)/.test(value) || value.startsWith("/admin/login") || /[\\\s]/.test(value)) return fallback;
  return value;
}
