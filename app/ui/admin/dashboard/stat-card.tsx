import {
  CalendarDays,
  ChevronRight,
  FileClock,
  PackageCheck,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { CardKey, DashboardCard } from "~/domain/dashboard/cards";

const LOOKS: Record<CardKey, { icon: LucideIcon; tint: string }> = {
  pendingQuotations: { icon: FileClock, tint: "bg-amber-50 text-amber-700" },
  upcomingEvents: { icon: CalendarDays, tint: "bg-sky-50 text-sky-700" },
  availableUnits: { icon: PackageCheck, tint: "bg-emerald-50 text-emerald-700" },
  activeEmployees: { icon: Users, tint: "bg-violet-50 text-violet-700" },
  monthlyRevenue: { icon: Wallet, tint: "bg-brand-50 text-brand-700" },
  itemsUnderRepair: { icon: Wrench, tint: "bg-rose-50 text-rose-700" },
};

/** One figure of the dashboard; the whole card leads to the list it counts when the role may open it. */
export function StatCard({ card }: { card: DashboardCard }) {
  const { icon: Icon, tint } = LOOKS[card.key];
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm leading-snug font-medium text-slate-600">{card.title}</h2>
        <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${tint}`}>
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p
        className="mt-2 text-2xl font-bold tracking-tight text-ink-900 tabular-nums sm:text-3xl"
        title={card.hint}
        data-testid="card-value"
      >
        {card.value}
      </p>
      <div className="mt-auto flex items-end justify-between gap-2 pt-2">
        <p className="text-xs text-slate-500" title={card.hint}>
          {card.caption ?? "\u00a0"}
        </p>
        {card.href && (
          <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400 transition group-hover:text-brand-600" />
        )}
      </div>
    </>
  );
  const frame = "flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
  return card.href ? (
    <Link
      to={card.href}
      prefetch="intent"
      className={`group ${frame} transition hover:border-brand-300 hover:shadow-md`}
      data-testid={`card-${card.key}`}
    >
      {body}
    </Link>
  ) : (
    <div className={frame} data-testid={`card-${card.key}`}>
      {body}
    </div>
  );
}
