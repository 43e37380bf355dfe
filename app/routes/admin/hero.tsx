import { requirePermission } from "~/domain/auth/guard.server";
import { PageHeader } from "~/ui/admin/page-header";
import type { Route } from "./+types/hero";

// Placeholder until this screen is built in this issue.
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "content.manage");
  return null;
}

export default function Screen() {
  return <PageHeader title="Hero Image Management" />;
}
