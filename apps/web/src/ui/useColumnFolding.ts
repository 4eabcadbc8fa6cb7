import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface FoldableColumn {
  /**
   * How much the column matters when space is short: 1 (the default) keeps its own cell at every width;
   * 2, 3, ... fold into the row's details, the highest number first, while the table is wider than its
   * container (a laptop beside the admin menu, a phone).
   */
  priority?: number;
}

/**
 * Which columns of a table fold, measured rather than guessed from the screen size: after each render,
 * while the scroll container is wider inside than outside, one more priority tier folds. A change of the
 * container's width, of the rows or of the columns starts again from nothing folded. All of it runs before
 * the browser paints, so the wide table is never seen.
 */
export function useColumnFolding(columns: readonly FoldableColumn[], rows: readonly unknown[]) {
  const tiers = [...new Set(columns.map((c) => c.priority ?? 1).filter((p) => p > 1))].sort((a, b) => b - a);
  const tiersKey = tiers.join(',');
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [folded, setFolded] = useState(0);
  const [width, setWidth] = useState(0);
  const [, setResized] = useState(0);
  const seen = useRef({ rows, tiersKey, width });

  useLayoutEffect(() => {
    if (el === null) return;
    const last = seen.current;
    if (last.rows !== rows || last.tiersKey !== tiersKey || last.width !== width) {
      seen.current = { rows, tiersKey, width };
      if (folded !== 0) {
        setFolded(0);
        return;
      }
    }
    // Not one pixel of sideways scroll: a phone shows it as a wobble (the admin tables test measures it).
    if (folded < tiers.length && el.scrollWidth > el.clientWidth) setFolded(folded + 1);
  });

  useEffect(() => {
    if (el === null) return;
    const observer = new ResizeObserver(() => {
      setWidth(el.clientWidth);
      // The table itself grew (fonts loaded, a details panel opened): measure again.
      setResized((n) => n + 1);
    });
    observer.observe(el);
    if (el.firstElementChild !== null) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [el]);

  // Tiers folded so far: a column folds when its priority is among the highest `folded` tiers.
  const limit = folded === 0 ? Number.POSITIVE_INFINITY : (tiers[folded - 1] ?? 1);
  return {
    ref: setEl,
    isFolded: (c: FoldableColumn) => (c.priority ?? 1) >= limit && (c.priority ?? 1) > 1,
  };
}
