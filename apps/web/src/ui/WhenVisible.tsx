import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

interface WhenVisibleProps {
  /** Shown until the place comes near the screen and while the content's code loads. */
  placeholder: ReactNode;
  /** How far off screen loading starts (CSS margin syntax). */
  margin?: string;
  children: ReactNode;
}

/**
 * Renders `children` (typically a lazily loaded component) once its place scrolls near the screen: a part
 * of a long page below the fold, with its code and data, is not part of the page's first download
 * (decision 0046). Browsers without IntersectionObserver render it at once.
 */
export function WhenVisible({ placeholder, margin = '200px 0px', children }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
