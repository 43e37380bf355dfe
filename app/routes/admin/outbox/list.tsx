import { Mail } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { EMAIL_STATUSES } from "~/domain/email/constants";
import { countOutboxByStatus, listOutbox } from "~/domain/email/outbox-admin.server";
import { OUTBOX_LIST } from "~/domain/email/outbox-list";
import { parseList } from "~/lib/list-params";
import {
  cellClass,
  DhakaTime,
  EmptyState,
  FilterSelect,
  HeadCell,
  ListTable,
  ListToolbar,
  Pagination,
  SearchBox,
  SortHeader,
  useListView,
} from "~/ui/admin/list";
import { EMAIL_STATUS_LABELS, EmailStatusBadge } from "~/ui/admin/list/status-badges";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "E-mail Outbox | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/outbox");
  const state = parseList(OUTBOX_LIST, args.request);
  const db = getDb();
  const [page, counts] = await Promise.all([listOutbox(db, state), countOutboxByStatus(db)]);
  return { state, page, counts };
}

const STATUS_OPTIONS = EMAIL_STATUSES.map((s) => ({ value: s, label: EMAIL_STATUS_LABELS[s] }));

export default function OutboxList({ loaderData }: Route.ComponentProps) {
  const { page, counts } = loaderData;
  const list = useListView(OUTBOX_LIST, loaderData.state);
  const summary = [
    counts.pending + counts.sending ? `${counts.pending + counts.sending} waiting` : "",
    counts.failed ? `${counts.failed} failed` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <PageHeader
        title="E-mail Outbox"
        description={`Every e-mail the website sends, with its delivery state.${summary ? ` ${summary}.` : ""}`}
      />
      <Panel>
        <ListToolbar list={list}>
          <SearchBox label="Search e-mails" placeholder="Recipient or subject..." />
          <FilterSelect name="status" label="Status" options={STATUS_OPTIONS} />
        </ListToolbar>
        {page.rows.length === 0 ? (
          <EmptyState list={list} icon={Mail} title="No e-mails found." hint="E-mails the website sends appear here." />
        ) : (
          <ListTable label="E-mails" minWidth="56rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <SortHeader list={list} sort="to">
                  To
                </SortHeader>
                <SortHeader list={list} sort="subject">
                  Subject
                </SortHeader>
                <HeadCell>Status / sent</HeadCell>
                <SortHeader list={list} sort="attempts" className="text-right">
                  Attempts
                </SortHeader>
                <HeadCell>Last error</HeadCell>
                <SortHeader list={list} sort="created">
                  Created
                </SortHeader>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((m) => (
                <tr key={m.id} className={m.status === "failed" ? "bg-red-50/40" : "hover:bg-slate-50"}>
                  <td data-label="To" className={`${cellClass} max-w-48 truncate`} title={m.to}>
                    {m.to}
                  </td>
                  <td className={`${cellClass} min-w-56`}>
                    <Link
                      to={`/admin/outbox/${m.id}`}
                      className="line-clamp-2 font-medium text-ink-900 hover:text-brand-700 hover:underline"
                    >
                      {m.subject}
                    </Link>
                    <span className="font-mono text-xs text-slate-500">{m.kind}</span>
                  </td>
                  <td className={cellClass}>
                    <EmailStatusBadge status={m.status} />
                    {m.sentAt && (
                      <span className="mt-1 block text-xs text-slate-500 max-sm:ml-2 max-sm:inline">
                        <DhakaTime value={m.sentAt} />
                      </span>
                    )}
                  </td>
                  <td data-label="Attempts" className={`${cellClass} tabular-nums sm:text-right`}>
                    {m.attempts}
                  </td>
                  <td
                    data-label="Last error"
                    data-empty={m.lastError ? undefined : ""}
                    className={`${cellClass} max-w-44`}
                  >
                    {m.lastError ? (
                      <span className="line-clamp-2 text-xs text-red-800" title={m.lastError}>
                        {m.lastError}
                      </span>
                    ) : (
                      <span className="text-slate-400">—</span>
                    )}
                  </td>
                  <td data-label="Created" className={cellClass}>
                    <DhakaTime value={m.createdAt} twoLines />
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="e-mails" />
      </Panel>
    </>
  );
}
