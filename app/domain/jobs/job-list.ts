import { defineList, isCalendarDate, parseList, type StateOf } from "../../lib/list-params";
import { JOB_STATUSES, type JobSummary } from "./constants";

// The jobs list (/admin/jobs, issue 26): what its URL may ask for (?q=&status=&from=&to=&sort=&dir=&page=), and
// what it says about a value it cannot read. Browser-safe: the loader, the query and the page share it.
//
// - q: a job's reference (JOB-000042, job-42 or just 42), or part of its event's title or customer's name;
// - status: planned, out, returned, or overdue (units still out after the end date: a job is due back on its end
//   date, so it is overdue from the next day in Dhaka);
// - from / to: the jobs whose rental period overlaps those days (either alone: from that day on, up to that day);
// - sort: "start" (the default), ascending "from today": jobs not over yet (ending today or later) first, soonest
//   start first, then the ones already over, the latest first; descending: latest start first, whatever today is.
//   "reference" (newest first) and "customer" (A to Z).

export const JOBS_PATH = "/admin/jobs";
export const JOB_CALENDAR_PATH = "/admin/jobs/calendar";
export const WAREHOUSE_DAY_PATH = "/admin/jobs/day";

export const jobHref = (id: string) => `${JOBS_PATH}/${id}`;
export const pickListHref = (id: string) => `${JOBS_PATH}/${id}/pick-list`;

/** The list's status filter: a job's status, or "overdue" (out, past its end date). */
export const JOB_LIST_STATUSES = [...JOB_STATUSES, "overdue"] as const;
export type JobListStatus = (typeof JOB_LIST_STATUSES)[number];
export const JOB_LIST_STATUS_LABELS: Record<JobListStatus, string> = {
  planned: "Planned",
  out: "Out",
  returned: "Returned",
  overdue: "Overdue",
};

export const JOB_LIST = defineList({
  sorts: { start: "asc", reference: "desc", customer: "asc" },
  defaultSort: "start",
  filters: {
    status: { kind: "choice", values: JOB_LIST_STATUSES },
    from: { kind: "date" },
    to: { kind: "date" },
  },
  pageSize: 20,
});

export type JobListState = StateOf<typeof JOB_LIST>;

export const JOB_LIST_MESSAGES = {
  status: "Status must be Planned, Out, Returned or Overdue",
  from: "From must be a date written YYYY-MM-DD",
  to: "To must be a date written YYYY-MM-DD",
  order: "To must be on or after From",
  sort: "Sort must be by start date, reference or customer",
  dir: "Direction must be asc or desc",
  page: "Page must be a whole number from 1",
  emptyTitle: "No jobs found.",
  emptyHint: "Approving a quotation opens its job: it appears here.",
} as const;

/** What the list shows and the values of its URL it could not read, each named by its field. */
export interface JobListRequest {
  state: JobListState;
  /** field → message, for each value of the URL left out (the list shows without it). */
  errors: Record<string, string>;
}

/** The list state of a URL, with a message for each value given but not understood (the list drops it). */
export function readJobList(input: URL | URLSearchParams): JobListRequest {
  const params = input instanceof URL ? input.searchParams : input;
  const state = parseList(JOB_LIST, params);
  const errors: Record<string, string> = {};
  const given = (name: string) => {
    const value = params.get(name);
    return value !== null && value.trim() !== "" ? value : null;
  };
  const status = given("status");
  if (status !== null && state.filters.status === undefined) errors.status = JOB_LIST_MESSAGES.status;
  for (const name of ["from", "to"] as const) {
    const value = given(name);
    if (value !== null && !isCalendarDate(value)) errors[name] = JOB_LIST_MESSAGES[name];
  }
  const { from, to } = state.filters;
  if (from && to && to < from) {
    errors.to = JOB_LIST_MESSAGES.order;
    state.filters = { ...state.filters, to: undefined };
  }
  const sort = given("sort");
  if (sort !== null && sort !== state.sort) errors.sort = JOB_LIST_MESSAGES.sort;
  const dir = given("dir");
  if (dir !== null && dir !== state.dir) errors.dir = JOB_LIST_MESSAGES.dir;
  const page = given("page");
  if (page !== null && !/^\d{1,7}$/.test(page)) errors.page = JOB_LIST_MESSAGES.page;
  return { state, errors };
}

/**
 * The job number a search names, when it is a reference: "JOB-000042", "job-42", "JOB42", "000042" or "42".
 * null for any other text (searched in the event's title and the customer's name).
 */
export function referenceNumberOf(q: string): number | null {
  const match = /^(?:job[\s-]*)?0*(\d{1,9})$/i.exec(q.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** A row of the jobs list. */
export interface JobListRow extends JobSummary {
  /** Out after its end date (the day after it, in Dhaka). */
  overdue: boolean;
  /** Units the job takes (every line but a package's own line: its parts are counted). */
  unitsReserved: number;
  /** Units that left and are not checked in. */
  unitsOut: number;
  /** People on the job's crew tasks (each counted once). */
  crew: number;
}
