import { useEffect, useState, type RefObject } from "react";

// The back office's charts (the dashboard's weeks, the Profit & Loss's months): the page arrives with the figures
// drawn in HTML, and in the browser Chart.js draws them again on a canvas. `draw` imports Chart.js with import()
// itself, never statically: the modules that call this sit in shared chunks, so a static import would load the
// library on every page; the dynamic import gives it a chunk of its own, fetched only by the pages that draw.

export type ChartInstance = { destroy(): void };

/**
 * Draws on the canvas once it is mounted and again when `data` changes, destroying the chart before; true once
 * drawn. Without the library (a failed download) it stays false and the HTML chart stays.
 */
export function useLazyChart<T>(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  data: T,
  draw: (canvas: HTMLCanvasElement, data: T) => Promise<ChartInstance>,
): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let chart: ChartInstance | undefined;
    let cancelled = false;
    draw(canvasRef.current!, data).then(
      (made) => {
        if (cancelled) made.destroy();
        else {
          chart = made;
          setDrawn(true);
        }
      },
      () => setDrawn(false),
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // `draw` is a module-level function of the caller; the chart follows the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  return drawn;
}
