import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` of the screen, and from then on: a section below the
 * fold asks for its data only when the visitor scrolls towards it (the first paint stays light).
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
