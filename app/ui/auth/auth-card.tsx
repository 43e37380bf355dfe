import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { FormCheck } from "~/lib/form-errors";
import type { Toast } from "~/lib/toast";
import { SubmitButton, TextField, useFormBusy, useFormCheck, useToast } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import { Toaster } from "~/ui/toaster";

/**
 * The frame of the sign-in and forgotten-password pages of the back office and the portal: one card in the middle
 * of the page, its icon, title and a line under it.
 */
export function AuthCard({
  icon: Icon,
  title,
  intro,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-6" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-ink-900">{title}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">{intro}</p>
        {children}
      </div>
      <Toaster />
    </main>
  );
}

const NOTE_TONES = {
  // Something went through (a reset link on its way, a new password set), read out when it appears.
  success: { role: "status", colours: "border-green-200 bg-green-50 text-green-800" },
  // What the reader should know before going on (e-mail is not set up).
  warning: { role: "note", colours: "border-amber-200 bg-amber-50 text-amber-900" },
  // Why the page cannot do what it is for (a reset link that does not work), read out at once.
  error: { role: "alert", colours: "border-red-200 bg-red-50 text-red-800" },
} as const;

/** A message of the card under its intro, in the tone of what it says. */
export function AuthNote({ tone, children }: { tone: keyof typeof NOTE_TONES; children: React.ReactNode }) {
  const { role, colours } = NOTE_TONES[tone];
  return (
    <p role={role} className={`mt-6 rounded-md border px-3 py-2.5 text-sm ${colours}`}>
      {children}
    </p>
  );
}

/** A link of the card's pages (to sign in, to ask for a link), in a sentence or in the card's last line. */
export function AuthLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

/** The card's last line: its links (AuthLink), side by side in the middle. */
export function AuthLinks({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 flex justify-center gap-4 text-sm">{children}</p>;
}

/** The address one signs in with, as the sign-in and "Forgot password?" forms ask for it. */
export function AccountEmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      autoComplete="username"
      defaultValue={defaultValue}
      error={error}
      required
    />
  );
}

/** The card's form's one button, the card's width. */
export function AuthSubmitButton({ label, busyLabel, busy }: { label: string; busyLabel: string; busy: boolean }) {
  return <SubmitButton label={label} busyLabel={busyLabel} busy={busy} className={`${primaryButton} w-full`} />;
}

/**
 * A card's form checked in the browser first (ADR 0022): busy while it posts, the toast its answer asks for, and the
 * fields' messages, the browser's or the server's.
 */
export function useCheckedAuthForm(
  check: FormCheck,
  result: { errors: Record<string, string>; toast: Toast | null } | undefined,
) {
  const busy = useFormBusy();
  useToast(result?.toast);
  return { busy, ...useFormCheck(check, result?.errors ?? {}) };
}
