import type { VendorCard } from '@parlay/contract';
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';

const GameDropdownPanel = lazy(() =>
  import('./game-dropdown-panel').then((module) => ({ default: module.GameDropdownPanel })),
);

/**
 * The dropdown of a header category (docs/product/games-and-wallet.md#game-dropdown-and-cards): its vendors, and for
 * the vendor pointed at its game cards, 21 first then 18 a page, with 'play now' and 'free trial'. Its content and
 * games load only once the category is hovered or focused, so the header costs next to nothing until then.
 */
export function GameDropdown({
  id,
  vendors,
  title,
  className,
  style,
}: {
  /** The toggle of the category names the dropdown by it (aria-controls). */
  id?: string;
  vendors: readonly VendorCard[];
  title: string;
  className?: string;
  style?: CSSProperties;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [isOpened, setOpened] = useState(false);
  const [shift, setShift] = useState(0);

  useEffect(() => {
    // The shell shows the dropdown while its category is hovered or opened by its toggle; its content
    // loads as soon as the category is hovered or focused, so it is there when the toggle opens it.
    const host = root.current?.parentElement;
    if (!host) return;
    const open = () => setOpened(true);
    host.addEventListener('pointerenter', open);
    host.addEventListener('focusin', open);
    // This part loads lazily: the pointer may already rest on the category when it mounts.
    if (host.matches(':hover') || host.matches(':focus-within')) open();
    return () => {
      host.removeEventListener('pointerenter', open);
      host.removeEventListener('focusin', open);
    };
  }, []);

  useEffect(() => {
    const element = root.current;
    if (!isOpened || !element || typeof ResizeObserver === 'undefined') return;
    // A wide panel under a category near the right edge slides left to stay on screen. It is measured
    // each time its size changes: the panel loads lazily, so it is empty at first and only then wide, and
    // a hidden dropdown (0 wide) is measured again when it shows.
    const measure = () => {
      const box = element.getBoundingClientRect();
      if (box.width === 0) return;
      setShift((current) => {
        const naturalLeft = box.left + current;
        return Math.max(0, Math.ceil(naturalLeft + box.width - (window.innerWidth - 16)));
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [isOpened]);

  return (
    <div
      ref={root}
      id={id}
      className={className}
      style={{ width: 'max-content', maxWidth: 'calc(100vw - 32px)', transform: `translateX(-${shift}px)`, ...style }}
      data-game-dropdown=""
    >
      {isOpened && (
        <Suspense fallback={null}>
          <GameDropdownPanel vendors={vendors} title={title} />
        </Suspense>
      )}
    </div>
  );
}
