import { FileText, History, Mail, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { ActivityItem, ActivityKind } from "~/domain/dashboard/activity";
import { timeAgo } from "~/domain/dashboard/relative-time";
import { BUSINESS_TIME_ZONE } from "~/lib/dhaka-time";
import { Panel } from "../page-header";

const LOOKS: Record<ActivityKind, { icon: LucideIcon; tint: string }> = {
  quotation: { icon: FileText, tint: "bg-amber-50 text-amber-700" },
  contact: { icon: Mail, tint: "bg-sky-50 text-sky-700" },
  audit: { icon: History, tint: "bg-slate-100 text-slate-600" },
};

const exactTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** Recent Activity: each line leads to its record; times in words, relative to when the page's data was read. */
export function ActivityList({ items, now }: { items: ActivityItem[]; now: string }) {
  return (
    <Panel className="flex h-full flex-col">
      <div className="border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="font-semibold text-ink-900">Recent Activity</h2>
      </div>
      {items.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-500 sm:px-5">
          Nothing yet. New quotation requests, messages and changes will show here.
        </p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="activity">
          {items.map((item) => {
            const { icon: Icon, tint } = LOOKS[item.kind];
            return (
              <li key={item.key} className="relative flex gap-3 px-4 py-3 hover:bg-slate-50 sm:px-5">
                <span className={`mt-0.5 grid size-8 shrink-0 place-items-center rounded-full ${tint}`}>
                  <Icon aria-hidden className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={item.href}
                    className="text-sm font-medium text-ink-900 after:absolute after:inset-0 hover:text-brand-700"
                  >
                    {item.text}
                  </Link>
                  <div className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                    <time dateTime={item.at} title={exactTime.format(new Date(item.at))}>
                      {timeAgo(item.at, now)}
                    </time>
                    {item.detail && (
                      <>
                        <span aria-hidden>·</span>
                        <span className="min-w-0 truncate">{item.detail}</span>
                      </>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
