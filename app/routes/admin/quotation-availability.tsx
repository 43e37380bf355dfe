import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { QUOTATIONS_PATH } from "~/domain/quotations/admin-quotation-list";
import { monthAvailability } from "~/domain/quotations/availability.server";
import { isBusinessMonth } from "~/lib/business-date";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatMonthYear } from "~/lib/format";
import { inputClass } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/quotation-availability";

// The availability view (issue 10, DESIGN §9 Stock by date): per item, the units free on each day of a chosen
// month, after every approved quotation, by the one stock rule. ?month=YYYY-MM (default: this month in Dhaka),
// ?page=N for the next 50 items by name.

export const meta: Route.MetaFunction = () => [{ title: "Availability | Utsab Admin" }];

const PAGE_SIZE = 50;

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/quotations/availability");
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("month") ?? "";
  // A month outside the business range (9999-12, 0000-01) falls back to this month, flagged as not understood.
  const month = isBusinessMonth(asked) ? asked : todayInDhaka().slice(0, 7);
  const rawPage = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(rawPage) ? Math.max(Number(rawPage), 1) : 1;
  const result = await monthAvailability(getDb(), {
    month,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  if (!result.ok) throw new Error(`availability of ${month}: ${JSON.stringify(result.errors)}`);
  return {
    month,
    page,
    days: result.days,
    items: result.items.slice(0, PAGE_SIZE),
    hasMore: result.items.length > PAGE_SIZE,
    today: todayInDhaka(),
    monthInvalid: asked !== "" && asked !== month,
  };
}

export default function QuotationAvailability({ loaderData }: Route.ComponentProps) {
  const { month, page, days, items, hasMore, today, monthInvalid } = loaderData;
  const href = (m: string, p = 1) => `?month=${m}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <>
      <PageHeader
        title="Availability"
        description="Units free on each day, after every approved quotation and the units under repair."
        actions={
          <Link to={QUOTATIONS_PATH} className={secondaryButton}>
            Back to quotations
          </Link>
        }
      />
      <Panel>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4">
          <Link to={href(shiftMonth(month, -1))} className={secondaryButton} aria-label="Previous month">
            <ChevronLeft aria-hidden className="size-4" />
          </Link>
          <h2 className="min-w-40 text-center text-lg font-semibold text-ink-900">{formatMonthYear(month)}</h2>
          <Link to={href(shiftMonth(month, 1))} className={secondaryButton} aria-label="Next month">
            <ChevronRight aria-hidden className="size-4" />
          </Link>
          <Form method="get" className="flex items-end gap-2">
            <label className="text-sm font-medium text-ink-900">
              Month
              <input type="month" name="month" defaultValue={month} className={`mt-1 ${inputClass} border-slate-300`} />
            </label>
            <button type="submit" className={secondaryButton}>
              Show
            </button>
          </Form>
          {monthInvalid && <p className="text-sm text-red-700">Choose a month as YYYY-MM; showing this month.</p>}
        </div>
        {items.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">No items in the inventory.</p>
        ) : (
          // The month is wider than a phone (and a laptop): it scrolls inside its own box, the items' names held in
          // place; the page itself does not (data-scrolls-sideways: the screen-fit test's one allowed scroller).
          <div
            className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            role="region"
            aria-label="Days of the month"
            tabIndex={0}
            data-scrolls-sideways=""
          >
            <table className="border-collapse text-xs" aria-label={`Units free per day, ${formatMonthYear(month)}`}>
              <thead className="bg-slate-50">
                <tr>
                  <th className="sticky left-0 z-10 w-32 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-700 sm:w-auto sm:min-w-48">
                    Item (owned)
                  </th>
                  {days.map((d) => (
                    <th
                      key={d}
                      scope="col"
                      className={`border-b border-slate-200 px-1.5 py-2 text-center font-semibold tabular-nums ${d === today ? "bg-brand-50 text-brand-800" : "text-slate-600"}`}
                    >
                      {Number(d.slice(8))}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-medium text-ink-900 sm:whitespace-nowrap"
                    >
                      {item.name} <span className="font-normal text-slate-500">({item.quantity})</span>
                    </th>
                    {item.free.map((free, i) => (
                      <td
                        key={days[i]}
                        title={`${item.name}: ${free} free on ${days[i]}`}
                        className={`px-1.5 py-1.5 text-center tabular-nums ${
                          free <= 0
                            ? "bg-red-100 font-semibold text-red-800"
                            : free < item.quantity
                              ? "bg-amber-50 text-amber-900"
                              : "text-slate-600"
                        }`}
                      >
                        {free}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {(page > 1 || hasMore) && (
          <nav className="flex justify-between border-t border-slate-200 p-3 text-sm" aria-label="Pages">
            {page > 1 ? (
              <Link to={href(month, page - 1)} className="text-brand-700 hover:underline">
                Previous items
              </Link>
            ) : (
              <span />
            )}
            {hasMore && (
              <Link to={href(month, page + 1)} className="text-brand-700 hover:underline">
                Next items
              </Link>
            )}
          </nav>
        )}
      </Panel>
    </>
  );
}
