import { lazy, Suspense } from "react";
import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPageContent } from "~/ui/error-page";
import { getDb } from "~/db/client.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { listLogos } from "~/domain/content/company.server";
import { SiteFooter } from "~/ui/site-footer";
import { SiteHeader } from "~/ui/site-header";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/layout";

// The toast area loads after the page is interactive: pages that never toast do not pay for it.
const Toaster = lazy(() => import("~/ui/toaster").then((m) => ({ default: m.Toaster })));

export async function loader() {
  const db = getDb();
  const [company, logos] = await Promise.all([getCompanySettings(db), listLogos(db)]);
  return {
    company: {
      name: company.name,
      tagline: company.tagline,
      address: company.address,
      phones: company.phones,
      emails: company.emails,
      socialLinks: company.socialLinks,
    },
    logos,
  };
}

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome data={loaderData}>
      <Outlet />
    </Chrome>
  );
}

/** 404 and 500 inside the site's header and footer (the root's page covers a failure of this loader). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/storefront/layout");
  if (!data) throw error;
  return (
    <Chrome data={data}>
      <ErrorPageContent error={error} />
    </Chrome>
  );
}

function Chrome({ data, children }: { data: Awaited<ReturnType<typeof loader>>; children: React.ReactNode }) {
  const { company, logos } = data;
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-ink-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader companyName={company.name} logos={logos} />
      <div id="main" className="flex-1">
        {children}
      </div>
      <SiteFooter company={company} />
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}
