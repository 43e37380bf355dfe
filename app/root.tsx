import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { getDb } from "./db/client.server";
import { getCompanySettings } from "./domain/settings/company-settings.server";
import { getEnv } from "./lib/env.server";
import type { SiteInfo } from "./lib/meta";
import stylesheet from "./app.css?url";
import { useNonce } from "./lib/nonce";
import { ErrorPageContent } from "./ui/error-page";

export const links: Route.LinksFunction = () => [
  // Production inlines the sheet into <head> (entry.server.tsx); development links it for hot reload.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader() {
  const company = await getCompanySettings(getDb());
  const site: SiteInfo = { publicUrl: getEnv().publicUrl, siteName: company.name };
  return { site };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the page hydrated (React has attached its handlers): the end-to-end tests wait for this, not for a
  // half-second without network traffic, before they click (tests/e2e/support/auth.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
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
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPageContent error={error} />;
}
