import { Outlet } from "react-router";
import { getDb } from "~/db/client.server";
import { customerMiddleware, requireCustomer } from "~/domain/auth/customer-guard.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { useToast } from "~/ui/admin/form";
import { PortalShell } from "~/ui/customer/portal-shell";
import type { Route } from "./+types/layout";

// The customer portal (backoffice.md §2 Customer pages): its middleware guards every child loader and action
// first; each of those still asks for the customer itself (requireCustomer).

export const middleware: Route.MiddlewareFunction[] = [
  customerMiddleware,
  // A toast waiting from a redirect is shown once: the loader reads it, this clears it.
  async ({ request }, next) => {
    const response = await next();
    const { clear } = await takeFlashToast(request);
    if (clear && request.method === "GET") response.headers.append("Set-Cookie", clear);
    return response;
  },
];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args, { allowPasswordChange: true });
  const [company, { toast }] = await Promise.all([getCompanySettings(getDb()), takeFlashToast(args.request)]);
  return { companyName: company.name, email: user.email, flashToast: toast };
}

export default function CustomerLayout({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.flashToast);
  return (
    <PortalShell companyName={loaderData.companyName} email={loaderData.email}>
      <Outlet />
    </PortalShell>
  );
}
