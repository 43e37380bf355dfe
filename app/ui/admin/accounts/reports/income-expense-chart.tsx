import { useRef } from "react";
import { Link } from "react-router";
import { formatSignedMoney } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { Balance } from "~/ui/admin/accounting/balance";
import { useLazyChart, type ChartInstance } from "~/ui/admin/use-lazy-chart";

// The Profit & Loss tab's chart: income and expenses in each month of the fiscal year, with the net profit as a
// line. The page arrives with the bars drawn in HTML (what stays without JavaScript) and a table of the figures,
// each month a link to its own Profit & Loss; in the browser Chart.js then draws the same figures on a canvas.
//
// Chart.js is imported with import() inside the effect, never statically (as the dashboard's weekly chart does):
// this module sits in a shared chunk, so a static import would load the library on every page; the dynamic import
// gives it a chunk of its own, fetched by this page alone.

export interface MonthFigures {
  label: string;
  from: string;
  to: string;
  income: string;
  expenses: string;
}

const COLORS = { income: "#059669", expenses: "#d95606", net: "#0f1430" }; // emerald-600, brand-600, ink-900
const compact = new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 });
const taka = (value: number) => `${value < 0 ? "−" : ""}৳${compact.format(Math.abs(value))}`;
// Presentation only: the chart's heights. Every figure printed is the exact money string.
const toNumber = (amount: string) => Number(amount);
const netOf = (m: MonthFigures) => fromPaisa(toPaisa(m.income) - toPaisa(m.expenses));

async function drawChart(canvas: HTMLCanvasElement, months: MonthFigures[]): Promise<ChartInstance> {
  const {
    Chart,
    BarController,
    BarElement,
    LineController,
    LineElement,
    PointElement,
    CategoryScale,
    LinearScale,
    Tooltip,
  } = await import("chart.js");
  Chart.register(
    BarController,
    BarElement,
    LineController,
    LineElement,
    PointElement,
    CategoryScale,
    LinearScale,
    Tooltip,
  );
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const font = { family: getComputedStyle(document.body).fontFamily, size: 12 };
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: months.map((m) => m.label.slice(0, 3)),
      datasets: [
        {
          type: "bar" as const,
          label: "Income",
          data: months.map((m) => toNumber(m.income)),
          backgroundColor: COLORS.income,
          borderRadius: 3,
          maxBarThickness: 22,
          categoryPercentage: 0.7,
          barPercentage: 0.9,
          order: 2,
        },
        {
          type: "bar" as const,
          label: "Expenses",
          data: months.map((m) => toNumber(m.expenses)),
          backgroundColor: COLORS.expenses,
          borderRadius: 3,
          maxBarThickness: 22,
          categoryPercentage: 0.7,
          barPercentage: 0.9,
          order: 2,
        },
        {
          type: "line" as const,
          label: "Net profit",
          data: months.map((m) => toNumber(netOf(m))),
          borderColor: COLORS.net,
          backgroundColor: COLORS.net,
          borderWidth: 2,
          pointRadius: 3,
          // Straight segments: a curve would dip below zero between months that do not.
          tension: 0,
          order: 1,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reduceMotion ? false : { duration: 400 },
      interaction: { mode: "index", intersect: false },
      scales: {
        x: { grid: { display: false }, ticks: { color: "#64748b", font, maxRotation: 0, autoSkipPadding: 6 } },
        y: {
          border: { display: false },
          grid: { color: "#f1f5f9" },
          ticks: { color: "#64748b", font, maxTicksLimit: 6, callback: (value) => taka(Number(value)) },
        },
      },
      plugins: {
        tooltip: {
          backgroundColor: "#0f1430",
          padding: 10,
          titleFont: { ...font, weight: "bold" },
          bodyFont: font,
          callbacks: {
            title: (items) => months[items[0]?.dataIndex ?? 0]?.label ?? "",
            label: (item) => {
              const m = months[item.dataIndex];
              if (!m) return "";
              const amount = item.datasetIndex === 0 ? m.income : item.datasetIndex === 1 ? m.expenses : netOf(m);
              return `${item.dataset.label}: ${formatSignedMoney(amount)}`;
            },
          },
        },
      },
    },
  });
}

const SERIES = [
  { key: "income", label: "Income", color: COLORS.income },
  { key: "expenses", label: "Expenses", color: COLORS.expenses },
] as const;

export function IncomeExpenseChart({
  months,
  fiscalYearLabel,
  monthHref,
  current,
}: {
  months: MonthFigures[];
  /** "FY 2026-27". */
  fiscalYearLabel: string;
  /** The Profit & Loss of one month. */
  monthHref: (month: MonthFigures) => string;
  /** The first day of the month on screen, when a month is shown. */
  current: string | null;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawn = useLazyChart(canvasRef, months, drawChart);

  const empty = months.every((m) => toNumber(m.income) === 0 && toNumber(m.expenses) === 0);

  return (
    <figure className="px-4 py-3 sm:px-5" aria-labelledby="income-expense-chart-title">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="income-expense-chart-title" className="font-semibold text-ink-900">
          Income and expenses by month
        </h2>
        <ul className="flex gap-4 text-xs text-slate-600" aria-hidden>
          {[...SERIES, { key: "net", label: "Net profit", color: COLORS.net }].map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span
                className={s.key === "net" ? "h-0.5 w-3 rounded-sm" : "size-2.5 rounded-sm"}
                style={{ backgroundColor: s.color }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="mt-0.5 text-xs text-slate-500">
        Each month of {fiscalYearLabel}, from the posted entries (year-end close entries left out)
      </figcaption>

      <div className="relative mt-4 h-56 sm:h-64" aria-hidden data-testid="income-expense-chart-plot">
        {!drawn && <HtmlBars months={months} />}
        <canvas ref={canvasRef} className={drawn ? "" : "invisible"} data-testid="income-expense-chart-canvas" />
        {empty && (
          <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-500">
            Nothing posted to income or expenses in this fiscal year yet.
          </p>
        )}
      </div>

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">The figures by month</summary>
        <div className="mt-2 overflow-x-auto" data-scrolls-sideways="">
          <table className="w-full min-w-[26rem] text-sm">
            <caption className="sr-only">Income, expenses and net profit by month, {fiscalYearLabel}</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1.5 pr-3 text-left font-semibold">
                  Month
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                  Income
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                  Expenses
                </th>
                <th scope="col" className="py-1.5 pl-3 text-right font-semibold">
                  Net profit
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {months.map((m) => (
                <tr key={m.from} className={m.from === current ? "bg-brand-50/60" : ""}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                    <Link to={monthHref(m)} className="text-brand-700 hover:underline">
                      {m.label}
                    </Link>
                  </th>
                  <td className="px-3 py-1.5 text-right">
                    <Balance amount={m.income} />
                  </td>
                  <td className="px-3 py-1.5 text-right">
                    <Balance amount={m.expenses} />
                  </td>
                  <td className="py-1.5 pl-3 text-right">
                    <Balance amount={netOf(m)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The chart before the library has drawn it, and for good without JavaScript: bars in plain HTML. */
function HtmlBars({ months }: { months: MonthFigures[] }) {
  const top = Math.max(1, ...months.map((m) => Math.max(toNumber(m.income), toNumber(m.expenses))));
  return (
    <div className="absolute inset-0 flex flex-col" data-testid="income-expense-chart-html">
      <div className="flex flex-1 items-end gap-1 border-b border-slate-200 sm:gap-2">
        {months.map((m) => (
          <div key={m.from} className="flex h-full flex-1 items-end justify-center gap-0.5">
            {SERIES.map((s) => (
              <div
                key={s.key}
                className="w-full max-w-[22px] rounded-t-sm"
                style={{ height: `${(Math.max(0, toNumber(m[s.key])) / top) * 100}%`, backgroundColor: s.color }}
                title={`${s.label}, ${m.label}: ${formatSignedMoney(m[s.key])}`}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="flex gap-1 pt-1.5 text-[11px] text-slate-500 sm:gap-2">
        {months.map((m, i) => (
          <span
            key={m.from}
            className={`min-w-0 flex-1 text-center whitespace-nowrap ${i % 2 === 1 ? "invisible sm:visible" : ""}`}
          >
            {m.label.slice(0, 3)}
          </span>
        ))}
      </div>
    </div>
  );
}
