import { Construction } from "lucide-react";
import { Link } from "react-router";
import { requireView } from "~/domain/auth/guard.server";
import { ADMIN_ROUTE_ACCESS, type AdminPath } from "~/domain/auth/permissions";
import { ADMIN_MENU, isMenuGroup } from "~/ui/admin/menu";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/coming-soon";

// The screens of later issues (quotations, inventory, people, accounts), until each is built: a plain page
// behind the same guard as the real one will have.

function titleOf(path: string): string {
  for (const entry of ADMIN_MENU) {
    if (isMenuGroup(entry)) {
      const link = entry.links.find((l) => l.to === path);
      if (link) return link.label;
    } else if (entry.to === path) return entry.label;
  }
  return "Coming soon";
}

export async function loader(args: Route.LoaderArgs) {
  const path = new URL(args.request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "") as AdminPath;
  // Deny by default: a path this module serves that the matrix does not name is nobody's.
  if (!Object.hasOwn(ADMIN_ROUTE_ACCESS, path)) throw new Response("Not found", { status: 404 });
  await requireView(args, path);
  return { title: titleOf(path) };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? "Coming soon"} | Utsab Admin` }];

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.title} />
      <Panel className="flex flex-col items-center px-6 py-16 text-center">
        <Construction aria-hidden className="size-10 text-brand-600" />
        <h2 className="mt-4 text-lg font-semibold text-ink-900">Coming soon</h2>
        <p className="mt-1 max-w-md text-sm text-slate-600">
          This screen is being built. Until then, nothing here can be changed.
        </p>
        <Link to="/admin" className="mt-6 text-sm font-semibold text-brand-700 hover:underline">
          Back to the dashboard
        </Link>
      </Panel>
    </>
  );
}
