import { History } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { AUDIT_LIST, auditRecordHref } from "~/domain/audit/audit-list";
import { auditActions, auditActors, listAuditLog } from "~/domain/audit/audit-list.server";
import { requireView } from "~/domain/auth/guard.server";
import { parseList } from "~/lib/list-params";
import {
  cellClass,
  DateFilter,
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
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/audit");
  const state = parseList(AUDIT_LIST, args.request);
  const db = getDb();
  const [page, actors, actions] = await Promise.all([listAuditLog(db, state), auditActors(db), auditActions(db)]);
  return { state, page, actors, actions };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { page, actors, actions } = loaderData;
  const list = useListView(AUDIT_LIST, loaderData.state);
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Who did what to which record, when (Dhaka time) and from where: every back-office change and sign-in."
      />
      <Panel>
        <ListToolbar list={list} label="Filter the audit log">
          <SearchBox label="Search" placeholder="Who, what or record id..." className="sm:min-w-56 sm:flex-1" />
          <FilterSelect
            name="user"
            label="User"
            allLabel="Everyone"
            options={actors.map((a) => ({ value: a.id, label: a.name ? `${a.name} (${a.email})` : a.email }))}
            className="sm:w-56"
          />
          <FilterSelect
            name="action"
            label="Action"
            allLabel="All actions"
            options={actions.map((a) => ({ value: a, label: a }))}
            className="sm:w-56"
          />
          <DateFilter name="from" label="From" />
          <DateFilter name="to" label="To" />
        </ListToolbar>
        {page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={History}
            title="No audit entries found."
            hint="Changes and sign-ins appear here."
          />
        ) : (
          <ListTable label="Audit log" minWidth="60rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <SortHeader list={list} sort="time">
                  When
                </SortHeader>
                <HeadCell>Who</HeadCell>
                <HeadCell>What</HeadCell>
                <HeadCell>Record</HeadCell>
                <HeadCell>From</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => {
                const href = auditRecordHref(row.entityType, row.entityId);
                const record = row.entityType && (
                  <>
                    <span className="block">{row.entityType.replace(/_/g, " ")}</span>
                    {row.entityId && (
                      <span className="block max-w-40 truncate font-mono text-xs text-slate-500">{row.entityId}</span>
                    )}
                  </>
                );
                return (
                  <tr key={row.id} className="hover:bg-slate-50">
                    <td className={`${cellClass} whitespace-nowrap`}>
                      <DhakaTime value={row.createdAt} withSeconds twoLines />
                    </td>
                    <td className={`${cellClass} max-w-56`}>
                      <span className="block truncate font-medium text-ink-900">{row.actorName ?? row.actorLabel}</span>
                      {row.actorName && <span className="block truncate text-xs text-slate-500">{row.actorLabel}</span>}
                    </td>
                    <td className={cellClass}>
                      <span className="font-mono text-xs text-brand-800">{row.action}</span>
                      <span className="block text-ink-900">{row.summary}</span>
                      {row.changes && Object.keys(row.changes).length > 0 && (
                        <details className="mt-1">
                          <summary className="cursor-pointer text-xs text-slate-500">Changes</summary>
                          <pre className="mt-1 max-w-md overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">
                            {JSON.stringify(row.changes, null, 2)}
                          </pre>
                        </details>
                      )}
                    </td>
                    <td data-label="Record" className={cellClass}>
                      {record ? (
                        href ? (
                          <Link to={href} className="text-brand-700 hover:underline">
                            {record}
                          </Link>
                        ) : (
                          record
                        )
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                    </td>
                    <td data-label="From" className={`${cellClass} font-mono text-xs whitespace-nowrap`}>
                      {row.ipAddress ?? "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="entries" />
      </Panel>
    </>
  );
}
