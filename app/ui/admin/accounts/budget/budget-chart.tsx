import type { BudgetMonthView } from "~/domain/budgets/budget-views";
import { formatSignedMoney } from "~/lib/format";

// A budget card's small chart: for each month of the fiscal year, the month's budget (light bar) beside its actual
// (dark bar, red when an expense month is over). Plain SVG drawn by the server, no chart library: a dozen cards
// on a page would each need a canvas, and these bars need no axes or tooltips beyond each bar's title. The figures
// themselves are in the card's By month table; the chart is hidden from screen readers.

export const CHART_COLORS = { budget: "#cbd5e1", actual: "#232a5c", over: "#dc2626" } as const; // slate-300, ink-700, red-600

const HEIGHT = 60;
const GROUP = 20;
const BAR = 7;

export function BudgetChart({ months, future }: { months: BudgetMonthView[]; future: (month: number) => boolean }) {
  const top = Math.max(1, ...months.flatMap((m) => [Number(m.budget), Math.max(0, Number(m.actual))]));
  const height = (amount: string) => {
    const value = Math.max(0, Number(amount));
    // A month with any amount shows at least a sliver.
    return value === 0 ? 0 : Math.max(1.5, (value / top) * HEIGHT);
  };
  return (
    <div aria-hidden data-testid="budget-chart">
      <svg
        viewBox={`0 0 ${GROUP * months.length} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-16 w-full"
        role="presentation"
      >
        <line
          x1={0}
          x2={GROUP * months.length}
          y1={HEIGHT - 0.25}
          y2={HEIGHT - 0.25}
          stroke="#e2e8f0"
          strokeWidth={0.5}
        />
        {months.map((m, i) => {
          const x = i * GROUP + (GROUP - 2 * BAR - 1) / 2;
          const b = height(m.budget);
          const a = future(m.month) ? 0 : height(m.actual);
          return (
            <g key={m.month}>
              <rect x={x} y={HEIGHT - b} width={BAR} height={b} rx={1} fill={CHART_COLORS.budget}>
                <title>{`${m.label} budget: ${formatSignedMoney(m.budget)}`}</title>
              </rect>
              <rect
                x={x + BAR + 1}
                y={HEIGHT - a}
                width={BAR}
                height={a}
                rx={1}
                fill={m.over ? CHART_COLORS.over : CHART_COLORS.actual}
                data-over={m.over ? "" : undefined}
              >
                <title>{`${m.label} actual: ${formatSignedMoney(m.actual)}${m.over ? " (over budget)" : ""}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <div className="mt-1 flex text-[10px] text-slate-500">
        {months.map((m, i) => (
          <span
            key={m.month}
            // Every other month's initial on a phone, every month's from sm up.
            className={`min-w-0 flex-1 text-center ${i % 2 === 1 ? "invisible sm:visible" : ""}`}
          >
            {m.label.slice(0, 3)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The chart's key, once above the cards. */
export function BudgetChartKey() {
  const items = [
    { label: "Budget", color: CHART_COLORS.budget },
    { label: "Actual", color: CHART_COLORS.actual },
    { label: "Actual over budget", color: CHART_COLORS.over },
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Chart key">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
