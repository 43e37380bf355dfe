import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "./lib/nonce";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1430" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  const text = notFound
    ? "The page you're looking for doesn't exist or has been moved."
    : "We could not show this page. Please try again in a moment.";
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{title}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <a href="/" className="rounded-md bg-ink-900 px-5 py-2.5 font-medium text-white hover:bg-ink-700">
        Back to Home
      </a>
    </main>
  );
}
