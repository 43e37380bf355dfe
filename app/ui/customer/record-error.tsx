import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Panel } from "~/ui/admin/page-header";

/**
 * The error of a portal page (its ErrorBoundary): "Quotation not found" for a 404 (also another customer's
 * quotation: the portal never says whether it exists), "Failed to load quotation details" otherwise (the
 * spec's text), with the way back to the dashboard.
 */
export function CustomerRecordError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  const title = notFound ? "Quotation not found" : "Failed to load quotation details";
  return (
    <Panel className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <title>{title}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
        Error {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1 className="text-xl font-bold text-ink-900">{title}</h1>
      <p className="max-w-md text-sm text-slate-600">
        {notFound ? "There is no such quotation among yours. The link may be wrong." : "Please try again in a moment."}
      </p>
      <Link to="/customer/dashboard" className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
        Back to my quotations
      </Link>
    </Panel>
  );
}
