/** A back-office screen's title, a line on what it is for, and its main actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
}) {
  return (
    // The actions keep to one row beside the title while both fit (the title's text wraps first, down to 18rem),
    // and move under it together when they do not, rather than breaking the row of buttons in two.
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
      <div className="min-w-0 sm:flex-[1_1_18rem]">
        <h1 className="text-2xl font-bold break-words text-ink-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2 [&>*]:whitespace-nowrap">{actions}</div>}
    </div>
  );
}

/** A white panel for a form or a table. */
export function Panel({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <section className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>{children}</section>;
}
