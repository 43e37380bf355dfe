import { requirePermission } from "~/domain/auth/guard.server";
import { PageHeader } from "~/ui/admin/page-header";
import type { Route } from "./+types/audit";

// Placeholder until this screen is built in this issue.
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "audit.view");
  return null;
}

export default function Screen() {
  return <PageHeader title="Audit Log" />;
}
