// Forgotten passwords (issue 20, ADR 0024): the pages, the link's life and the messages, browser-safe and without
// the forms' schemas (the sign-in pages show the "done" message and need nothing else).

/** How long an e-mailed reset link works. */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;

/** Who resets through which pages: the back office's staff, or the portal's customers. */
export type ResetAudience = "staff" | "customer";

export const RESET_PAGES = {
  staff: { forgot: "/admin/forgot-password", reset: "/admin/reset-password", signIn: "/admin/login" },
  customer: { forgot: "/customer/forgot-password", reset: "/customer/reset-password", signIn: "/customer/login" },
} as const satisfies Record<ResetAudience, { forgot: string; reset: string; signIn: string }>;

/** The query the sign-in page is opened with after a reset, to say the new password is set. */
export const RESET_DONE_QUERY = "reset=done";

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every well-formed request, whether or not the address has an account. */
  requested:
    "If an account uses that address, an e-mail with a link to choose a new password is on its way. The link works once, for one hour.",
  tooManyRequests: (retry: string) => `Too many reset requests from this address. Please try again ${retry}.`,
  /** Shown on the forgot page while SMTP_URL is unset: the link would wait in the outbox, where no one can read it. */
  emailNotSetUp:
    "E-mail is not set up on this site yet, so a reset link cannot reach you now. Ask the site's administrator to set up e-mail, then ask again.",
  linkInvalid: "This link does not work: it has expired or has already been used. Ask for a new one.",
  deactivated: "This account is deactivated, so its password cannot be reset. Ask an administrator.",
  failed: "Failed to reset password",
  done: "Your password has been changed. Sign in with your new password.",
} as const;
