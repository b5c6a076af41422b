import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Shows `placeholder` until it comes within `rootMargin` of the viewport, then `children` for good. Heavy
 * parts below the fold (charts) are then downloaded and drawn only for readers who scroll to them.
 */
export function WhenVisible({
  children,
  placeholder,
  rootMargin = '300px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = anchor.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);
  return visible ? children : <div ref={anchor}>{placeholder}</div>;
}
