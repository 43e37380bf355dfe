import type { Page } from "@playwright/test";

/**
 * What keeps a screen from fitting its window, as sentences (none when it fits):
 * - the page scrolls sideways;
 * - a box of the area (the main area, or the open dialog) scrolls sideways, so part of it is cut off (a table's
 *   last column behind a scroll); a box marked `data-scrolls-sideways` is made to (the availability month);
 * - a visible button or link of the area lies outside the window, or outside a box that clips it. Inside a box
 *   marked `data-scrolls-sideways`, the box itself must be within reach.
 */
export function screenFitProblems(page: Page, within: "main" | "dialog" = "main"): Promise<string[]> {
  return page.evaluate((within) => {
    const width = window.innerWidth;
    const area = within === "dialog" ? "[role=dialog]" : "main";
    const problems: string[] = [];
    const document_ = document.scrollingElement!;
    if (document_.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document_.scrollWidth} px wide in a ${width} px window`);

    const boxName = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute("aria-label") ? ` "${el.getAttribute("aria-label")}"` : ""}`;
    const controlName = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      return `${el.tagName.toLowerCase() === "a" ? "link" : "button"} "${text || el.getAttribute("title") || "?"}"`;
    };
    const scrollsSideways = (el: Element) =>
      ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1;
    const visibleBox = (el: Element) => {
      const box = el.getBoundingClientRect();
      // Screen-reader-only text is 1 px; hidden and undisplayed elements have no box.
      if (box.width <= 1 || box.height <= 1) return null;
      if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return null;
      return box;
    };
    /**
     * The part of the window an element may be seen in: the window, narrowed by each ancestor that clips it; and
     * the innermost of those that scrolls sideways, if one does (reaching the element would take scrolling it).
     */
    const seenWithin = (el: Element) => {
      let left = 0;
      let right = width;
      let scroller: Element | null = null;
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === "visible") continue;
        const box = a.getBoundingClientRect();
        const from = box.left + a.clientLeft;
        if (scrollsSideways(a)) scroller ??= a;
        left = Math.max(left, from);
        right = Math.min(right, from + a.clientWidth);
      }
      return { left, right, scroller };
    };

    for (const box of document.querySelectorAll(`${area}, ${area} *`)) {
      // A form field scrolls its own text; a box made to scroll sideways may.
      if (box.matches("input, textarea, select") || box.closest("[data-scrolls-sideways]")) continue;
      if (!scrollsSideways(box) || !visibleBox(box)) continue;
      problems.push(`${boxName(box)} scrolls sideways: ${box.clientWidth} px of its ${box.scrollWidth} px are seen`);
    }

    for (const el of new Set(document.querySelectorAll(`${area} :is(a[href], button)`))) {
      const own = visibleBox(el);
      if (!own) continue;
      const target = el.closest("[data-scrolls-sideways]") ?? el;
      const box = target === el ? own : target.getBoundingClientRect();
      const { left, right, scroller } = seenWithin(target);
      if (box.left >= left - 1 && box.right <= right + 1) continue;
      // Cut short by a box that does not scroll (a name truncated with an ellipsis): reached if its start is seen.
      const startSeen = box.left >= left - 1 && Math.min(box.right, right) - box.left >= Math.min(24, box.width);
      if (!scroller && startSeen) continue;
      const seen = `${Math.round(left)}-${Math.round(right)} px`;
      problems.push(
        `${controlName(el)} is at ${Math.round(box.left)}-${Math.round(box.right)} px, outside ${
          scroller ? `the box that scrolls sideways (${boxName(scroller)}), ${seen}` : `the ${seen} it can be seen in`
        }`,
      );
    }

    // The same fault on every row of a list is said once, with how often.
    const counted = new Map<string, { first: string; count: number }>();
    for (const problem of problems) {
      const key = problem.replace(/"[^"]*"/, '"…"');
      const seen = counted.get(key);
      if (seen) seen.count += 1;
      else counted.set(key, { first: problem, count: 1 });
    }
    return [...counted].map(([key, { first, count }]) => (count === 1 ? first : `${key} (${count} times)`));
  }, within);
}
