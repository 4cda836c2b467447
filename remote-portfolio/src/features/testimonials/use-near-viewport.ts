import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * True once the element is within a quarter of a viewport of being seen (and from then on). In a
 * browser without IntersectionObserver it is true at once; on the server it is false, so the
 * HTML carries the light stand-in and the browser's first render matches it.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
