import { useRef } from "react";
import { weekLabel, type WeekCount } from "~/domain/dashboard/periods";
import { Panel } from "../page-header";
import { useLazyChart, type ChartInstance } from "../use-lazy-chart";

// Quotation requests and approvals per week. The page arrives with a plain bar chart drawn in HTML (what a
// browser without JavaScript keeps) and a table for screen readers; in the browser Chart.js then draws the
// same figures on a canvas, with axes and tooltips.
//
// Chart.js is imported with import() inside the effect, never statically: this module sits in the shared
// chunk with the rest of app/ui (vite.config.ts), so a static import would load the library on every page.
// The dynamic import gives it a chunk of its own, fetched by this page alone.

const COLORS = { requests: "#232a5c", approvals: "#059669" }; // ink-700, emerald-600
const SERIES = [
  { key: "requests", label: "Requests", color: COLORS.requests },
  { key: "approvals", label: "Approvals", color: COLORS.approvals },
] as const;

async function drawChart(canvas: HTMLCanvasElement, weeks: WeekCount[]): Promise<ChartInstance> {
  const { Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip } = await import("chart.js");
  Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const font = { family: getComputedStyle(document.body).fontFamily, size: 12 };
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: weeks.map((w) => weekLabel(w.weekStart)),
      datasets: SERIES.map((s) => ({
        label: s.label,
        data: weeks.map((w) => w[s.key]),
        backgroundColor: s.color,
        borderRadius: 3,
        maxBarThickness: 18,
        categoryPercentage: 0.7,
        barPercentage: 0.9,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reduceMotion ? false : { duration: 400 },
      interaction: { mode: "index", intersect: false },
      scales: {
        x: { grid: { display: false }, ticks: { color: "#64748b", font, maxRotation: 0, autoSkipPadding: 8 } },
        y: {
          beginAtZero: true,
          border: { display: false },
          grid: { color: "#f1f5f9" },
          ticks: { color: "#64748b", font, precision: 0, maxTicksLimit: 6 },
        },
      },
      plugins: {
        tooltip: {
          backgroundColor: "#0f1430",
          padding: 10,
          titleFont: { ...font, weight: "bold" },
          bodyFont: font,
          callbacks: { title: (items) => `Week of ${items[0]?.label ?? ""}` },
        },
      },
    },
  });
}

export function WeeklyChart({ weeks }: { weeks: WeekCount[] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawn = useLazyChart(canvasRef, weeks, drawChart);

  const totals = {
    requests: weeks.reduce((sum, w) => sum + w.requests, 0),
    approvals: weeks.reduce((sum, w) => sum + w.approvals, 0),
  };
  const first = weeks[0];

  return (
    <Panel>
      <figure className="px-4 py-3 sm:px-5" aria-labelledby="weekly-chart-title">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="weekly-chart-title" className="font-semibold text-ink-900">
            Quotations per week
          </h2>
          <ul className="flex gap-4 text-xs text-slate-600" aria-hidden>
            {SERIES.map((s) => (
              <li key={s.key} className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
                {s.label} <span className="font-semibold text-ink-900 tabular-nums">{totals[s.key]}</span>
              </li>
            ))}
          </ul>
        </div>
        <figcaption className="mt-0.5 text-xs text-slate-500">
          Requests received and quotations approved in each of the last {weeks.length} weeks
          {first ? `, from the week of ${weekLabel(first.weekStart)}` : ""} (weeks start on Monday)
        </figcaption>

        {/* A height of its own: the plot never stretches to the height of the panel beside it. */}
        <div className="relative mt-4 h-56 sm:h-64" aria-hidden data-testid="weekly-chart-plot">
          {!drawn && <HtmlBars weeks={weeks} />}
          <canvas ref={canvasRef} className={drawn ? "" : "invisible"} data-testid="weekly-chart-canvas" />
          {totals.requests + totals.approvals === 0 && (
            <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-500">
              No quotation requests in these weeks yet.
            </p>
          )}
        </div>

        {/* sr-only on a wrapper: a table keeps its columns' width however narrow it is told to be, so it would
            widen the page by its own width on a phone. */}
        <div className="sr-only">
          <table>
            <caption>Quotation requests and approvals per week</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Requests</th>
                <th scope="col">Approvals</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w.weekStart}>
                  <th scope="row">{weekLabel(w.weekStart)}</th>
                  <td>{w.requests}</td>
                  <td>{w.approvals}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Panel>
  );
}

/** The chart before the library has drawn it, and for good without JavaScript: bars in plain HTML. */
function HtmlBars({ weeks }: { weeks: WeekCount[] }) {
  const top = Math.max(1, ...weeks.map((w) => Math.max(w.requests, w.approvals)));
  return (
    <div className="absolute inset-0 flex flex-col" data-testid="weekly-chart-html">
      <div className="flex flex-1 items-end gap-1 border-b border-slate-200 sm:gap-2">
        {weeks.map((w) => (
          <div key={w.weekStart} className="flex h-full flex-1 items-end justify-center gap-0.5">
            {SERIES.map((s) => (
              <div
                key={s.key}
                className="w-full max-w-[18px] rounded-t-sm"
                style={{ height: `${(w[s.key] / top) * 100}%`, backgroundColor: s.color }}
                title={`${s.label}, week of ${weekLabel(w.weekStart)}: ${w[s.key]}`}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="flex gap-1 pt-1.5 text-[11px] text-slate-500 sm:gap-2">
        {weeks.map((w, i) => (
          <span
            key={w.weekStart}
            // min-w-0: on a phone a label may spill into its hidden neighbour's room rather than widen the page.
            className={`min-w-0 flex-1 text-center whitespace-nowrap ${(weeks.length - 1 - i) % 2 === 1 ? "invisible sm:visible" : ""}`}
          >
            {weekLabel(w.weekStart)}
          </span>
        ))}
      </div>
    </div>
  );
}
