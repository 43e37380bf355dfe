import { isRouteErrorResponse, Link } from "react-router";
import { darkButton, secondaryButton } from "./buttons";

/** The content of the 404 and 500 pages: what happened, in words, and a way on. */
export function ErrorPageContent({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  const text = notFound
    ? "The page you're looking for doesn't exist or has been moved."
    : "We could not show this page just now. Please try again in a moment; if it keeps happening, call or e-mail us.";
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 pt-28 pb-16 text-center">
      <title>{title}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Error {status}</p>
      <h1 className="text-3xl font-bold text-ink-900 sm:text-4xl">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/" className={darkButton}>
          Back to Home
        </Link>
        <Link to={notFound ? "/products" : "/contact"} className={secondaryButton}>
          {notFound ? "Browse Equipment" : "Contact Us"}
        </Link>
      </div>
    </main>
  );
}
