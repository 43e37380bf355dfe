/** One term and its value in a record's details panel (inside a <dl>). */
export function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-slate-700">{children}</dd>
    </div>
  );
}
