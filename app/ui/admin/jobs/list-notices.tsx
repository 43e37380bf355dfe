/**
 * The values of a jobs screen's address that could not be read (the list, the calendar, the warehouse's day), each
 * named by its field, and what is shown instead.
 */
export function AddressProblems({ errors, showing }: { errors: Record<string, string>; showing: string }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">The address asks for something that cannot be shown; showing {showing}.</p>
      <ul className="mt-1 list-disc pl-5">
        {entries.map(([field, message]) => (
          <li key={field} data-field={field}>
            {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
