import { Download, Printer } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { pickListLabelsHref } from "~/domain/jobs/pick-list";
import { loadPickList } from "~/domain/jobs/pick-list.server";
import { JobHeaderBar } from "~/ui/admin/jobs/job-header";
import { PickListGroups } from "~/ui/admin/jobs/pick-list-groups";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/pick-list";

// A job's pick list (issue 26): what the warehouse prepares, by category, with package parts under their package;
// the same list as a PDF to print, and the items' labels.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Pick list ${loaderData.job.reference}` : "Pick list"} | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs/:id/pick-list");
  const list = await loadPickList(getDb(), args.params.id);
  if (!list) throw data("No such job.", { status: 404 });
  return list;
}

export default function PickList({ loaderData }: Route.ComponentProps) {
  const { job, groups, totals } = loaderData;
  const labelsHref = pickListLabelsHref(groups);
  return (
    <>
      <JobHeaderBar
        job={job}
        actions={
          <>
            {labelsHref && (
              <a href={labelsHref} target="_blank" rel="noreferrer" className={secondaryButton}>
                <Printer aria-hidden className="size-4" /> Print labels for these items
              </a>
            )}
            <Link to={`/admin/jobs/${job.id}/pick-list/pdf`} reloadDocument className={primaryButton}>
              <Download aria-hidden className="size-4" /> Download PDF
            </Link>
          </>
        }
      />
      {groups.length > 0 && (
        <p className="mb-4 text-sm text-slate-600">
          <strong className="text-ink-900">
            {totals.toPick} {totals.toPick === 1 ? "unit" : "units"} to pick
          </strong>{" "}
          · {totals.reserved} reserved · {totals.sent} already sent
        </p>
      )}
      <PickListGroups groups={groups} />
    </>
  );
}
