import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's content width, kept current as the layout changes (the chart draws at real pixels). Null until the
 * element has been measured in the browser: on the server, in the render a served page hydrates with, and while the
 * element is hidden (0 wide). Where nothing observes sizes (jsdom), its width once, else `fallback`.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.round(element.clientWidth) || fallback);
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
