import { requirePermission } from "~/domain/auth/guard.server";
import { PageHeader } from "~/ui/admin/page-header";
import type { Route } from "./+types/company";

// Placeholder until this screen is built in this issue.
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "settings.manage");
  return null;
}

export default function Screen() {
  return <PageHeader title="Settings" />;
}
