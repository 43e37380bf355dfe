import { getDb } from "~/db/client.server";
import { auditActor, requireView } from "~/domain/auth/guard.server";
import { downloadCompanyData } from "~/domain/export/download-company-data.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import type { Route } from "./+types/export-download";

// GET /admin/settings/export/download: the company's data as one ZIP (issue 39), streamed as it is read; recorded in
// the audit log. Administrators only (ADMIN_ROUTE_ACCESS): anyone else is refused before anything is read.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/export/download");
  const now = new Date();
  const { fileName, body } = await downloadCompanyData(getDb(), auditActor(args, user), {
    now,
    dhakaDay: todayInDhaka(now),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
