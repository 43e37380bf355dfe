import { Construction } from "lucide-react";
import { requireView } from "~/domain/auth/guard.server";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/payroll";

// Being built (issue 25): a plain page under this path's guard until the screen lands.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/payroll");
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Payroll | Utsab Admin" }];

export default function BeingBuilt() {
  return (
    <>
      <PageHeader title="Payroll" />
      <Panel className="flex flex-col items-center px-6 py-16 text-center">
        <Construction aria-hidden className="size-10 text-brand-600" />
        <h2 className="mt-4 text-lg font-semibold text-ink-900">Coming soon</h2>
      </Panel>
    </>
  );
}
