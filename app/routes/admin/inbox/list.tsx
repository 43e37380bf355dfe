import { Inbox } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { CONTACT_MESSAGE_STATUSES } from "~/domain/content/constants";
import { CONTACT_STATUS_LABELS, INBOX_LIST } from "~/domain/inbox/inbox-list";
import { countNewMessages, listContactMessages } from "~/domain/inbox/inbox.server";
import { parseList } from "~/lib/list-params";
import { PageHeader, Panel } from "~/ui/admin/page-header";
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
import { ContactStatusBadge } from "~/ui/admin/list/status-badges";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Contact Messages | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/inbox");
  const state = parseList(INBOX_LIST, args.request);
  const db = getDb();
  const [page, newCount] = await Promise.all([listContactMessages(db, state), countNewMessages(db)]);
  return { state, page, newCount };
}

const STATUS_OPTIONS = CONTACT_MESSAGE_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }));

export default function InboxList({ loaderData }: Route.ComponentProps) {
  const { page, newCount } = loaderData;
  const list = useListView(INBOX_LIST, loaderData.state);
  return (
    <>
      <PageHeader
        title="Contact Messages"
        description={`Messages sent through the website's contact form.${newCount ? ` ${newCount} new.` : ""}`}
      />
      <Panel>
        <ListToolbar list={list}>
          <SearchBox label="Search messages" placeholder="Name, e-mail, subject or text..." />
          <FilterSelect name="status" label="Status" options={STATUS_OPTIONS} />
        </ListToolbar>
        {page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={Inbox}
            title="No messages found."
            hint="Messages sent through the contact form appear here."
          />
        ) : (
          <ListTable label="Contact messages">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <SortHeader list={list} sort="name">
                  From
                </SortHeader>
                <SortHeader list={list} sort="subject">
                  Subject
                </SortHeader>
                <HeadCell>Status</HeadCell>
                <SortHeader list={list} sort="received">
                  Received
                </SortHeader>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((m) => {
                const unread = m.status === "new";
                return (
                  <tr key={m.id} className={unread ? "bg-brand-50/40" : "hover:bg-slate-50"}>
                    <td className={`${cellClass} w-56`}>
                      <div className="flex items-start gap-2">
                        <span
                          aria-hidden
                          className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? "bg-brand-600" : "bg-transparent"}`}
                        />
                        <div className="min-w-0">
                          <div className={`truncate ${unread ? "font-bold text-ink-900" : "text-ink-900"}`}>
                            {m.name}
                          </div>
                          <div className="truncate text-xs text-slate-500">{m.email}</div>
                        </div>
                      </div>
                    </td>
                    <td className={cellClass}>
                      <Link
                        to={`/admin/inbox/${m.id}`}
                        className={`line-clamp-1 text-ink-900 hover:text-brand-700 hover:underline ${unread ? "font-bold" : "font-medium"}`}
                      >
                        {m.subject}
                        {unread && <span className="sr-only"> (new)</span>}
                      </Link>
                      <p className="mt-0.5 line-clamp-1 text-xs text-slate-500">{m.preview}</p>
                    </td>
                    <td className={`${cellClass} w-28`}>
                      <ContactStatusBadge status={m.status} />
                    </td>
                    <td data-label="Received" className={`${cellClass} w-36`}>
                      <DhakaTime value={m.createdAt} twoLines />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="messages" />
      </Panel>
    </>
  );
}
