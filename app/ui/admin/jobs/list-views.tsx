import { CalendarDays, List, Warehouse } from "lucide-react";
import { NavLink } from "react-router";
import { JOB_CALENDAR_PATH, JOBS_PATH, WAREHOUSE_DAY_PATH } from "~/domain/jobs/job-list";

const VIEWS = [
  { to: JOBS_PATH, label: "List", icon: List },
  { to: JOB_CALENDAR_PATH, label: "Calendar", icon: CalendarDays },
  { to: WAREHOUSE_DAY_PATH, label: "Warehouse day", icon: Warehouse },
] as const;

/** The three ways to see the jobs (the list, the calendar, the warehouse's day), the current one marked. */
export function JobsViewLinks() {
  return (
    <nav aria-label="Jobs views" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {VIEWS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            `-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
              isActive ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-ink-900"
            }`
          }
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
