import { Truck } from "lucide-react";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import {
  JOB_LIST,
  JOB_LIST_MESSAGES,
  JOB_LIST_STATUS_LABELS,
  JOB_LIST_STATUSES,
  readJobList,
} from "~/domain/jobs/job-list";
import { listJobs } from "~/domain/jobs/job-list.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { AddressProblems } from "~/ui/admin/jobs/list-notices";
import { JobListTable } from "~/ui/admin/jobs/list-table";
import { JobsViewLinks } from "~/ui/admin/jobs/list-views";
import {
  DateFilter,
  EmptyState,
  FilterSelect,
  ListSkeleton,
  ListToolbar,
  Pagination,
  SearchBox,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/list";

// The jobs list (issue 26): every job an approved quotation opened, searched, filtered and sorted in SQL with its
// state in the URL (job-list.ts says what each parameter means); a value the URL gives but the list cannot read is
// named above it. Rows link to the job; the calendar and the warehouse's day are a click away.

export const meta: Route.MetaFunction = () => [{ title: "Jobs | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs");
  const { state, errors } = readJobList(new URL(args.request.url));
  const page = await listJobs(getDb(), state, todayInDhaka());
  return { state, errors, page };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { page, errors } = loaderData;
  const list = useListView(JOB_LIST, loaderData.state);
  const loading = useListLoading(list);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Approved quotations on their way out and back: the equipment, the crew and where each job stands."
      />
      <JobsViewLinks />
      <AddressProblems errors={errors} showing="the list without them" />
      <Panel>
        <ListToolbar list={list} label="Search and filter the jobs">
          <SearchBox
            label="Search"
            placeholder="JOB-000042, event or customer..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="status"
            label="Status"
            allLabel="All"
            options={JOB_LIST_STATUSES.map((s) => ({ value: s, label: JOB_LIST_STATUS_LABELS[s] }))}
            className="sm:w-36"
          />
          <DateFilter name="from" label="From" className="max-sm:col-span-1 sm:w-40" />
          <DateFilter name="to" label="To" className="max-sm:col-span-1 sm:w-40" />
        </ListToolbar>
        <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500">
          From and To show the jobs whose rental period overlaps those days. By period: jobs not over yet first, soonest
          first, then past jobs, latest first.
        </p>
        {loading ? (
          <ListSkeleton label="jobs" columns={8} />
        ) : page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={Truck}
            title={JOB_LIST_MESSAGES.emptyTitle}
            hint={JOB_LIST_MESSAGES.emptyHint}
          />
        ) : (
          <JobListTable list={list} rows={page.rows} />
        )}
        <Pagination list={list} page={page} noun="jobs" />
      </Panel>
    </>
  );
}
