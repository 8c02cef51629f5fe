/** Whether an element has come near the screen, for loading heavy parts (charts) only when they are about to be seen. */
import { useEffect, useState } from 'react';

/**
 * A callback ref for the element, and true once that element is within `margin` of the viewport (and from
 * then on); true at once where IntersectionObserver is missing.
 * @param margin how far ahead of the screen, as CSS (default '300px': loaded a short scroll before it shows).
 */
export function useNearViewport(margin = '300px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return [setElement, near];
}
