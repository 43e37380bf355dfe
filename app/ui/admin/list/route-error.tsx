import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Panel } from "~/ui/admin/page-header";

/**
 * The error of a record's page inside the back office (its ErrorBoundary): "<thing> not found" for a 404 with a
 * way back to the list, the refusal for a 403, a plain apology otherwise.
 */
export function RecordRouteError({ thing, backTo, backLabel }: { thing: string; backTo: string; backLabel: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const title =
    status === 404
      ? `${thing} not found`
      : status === 403
        ? "You do not have access to this page."
        : "Something went wrong";
  const text =
    status === 404
      ? `There is no such ${thing.toLowerCase()}. It may have been removed, or the link is wrong.`
      : status === 403
        ? "Your role does not allow this. Ask an administrator if you need it."
        : "This page could not be shown just now. Please try again in a moment.";
  return (
    <Panel className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <title>{`${title} | Utsab Admin`}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Error {status}</p>
      <h1 className="text-xl font-bold text-ink-900">{title}</h1>
      <p className="max-w-md text-sm text-slate-600">{text}</p>
      <Link to={backTo} className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
        {backLabel}
      </Link>
    </Panel>
  );
}
