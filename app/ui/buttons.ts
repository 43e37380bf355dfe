// Shared class names for links and buttons that look like buttons.
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-ink-900 shadow-sm transition hover:bg-slate-50";
export const darkButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-ink-900 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-ink-700";
