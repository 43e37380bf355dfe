import { useCallback, useEffect, useState } from "react";

/** Index arithmetic that wraps both ways: before the first is the last, after the last the first. */
export function wrapIndex(index: number, count: number): number {
  return count === 0 ? 0 : ((index % count) + count) % count;
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * State of a carousel of `count` slides: previous/next wrap around; with `autoAdvanceMs` it moves on by
 * itself, except while `paused` (hovered or focused) or when the visitor prefers reduced motion.
 */
export function useCarousel(count: number, options: { autoAdvanceMs?: number; paused?: boolean } = {}) {
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const { autoAdvanceMs, paused = false } = options;

  const goTo = useCallback((i: number) => setIndex(wrapIndex(i, count)), [count]);
  const next = useCallback(() => setIndex((i) => wrapIndex(i + 1, count)), [count]);
  const previous = useCallback(() => setIndex((i) => wrapIndex(i - 1, count)), [count]);

  const autoAdvancing = !!autoAdvanceMs && !paused && !reducedMotion && count > 1;
  useEffect(() => {
    if (!autoAdvancing) return;
    const timer = setInterval(next, autoAdvanceMs);
    return () => clearInterval(timer);
  }, [autoAdvancing, autoAdvanceMs, next, index]);

  return { index: wrapIndex(index, count), goTo, next, previous, autoAdvancing, reducedMotion };
}
