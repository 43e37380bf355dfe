import type { LucideIcon } from "lucide-react";
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

/** A message that something went through (a reset link on its way, a new password set), read out when it appears. */
export function SuccessNote({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="mt-6 rounded-md border border-green-200 bg-green-50 px-3 py-2.5 text-sm text-green-800">
      {children}
    </p>
  );
}

export const authLinkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";
