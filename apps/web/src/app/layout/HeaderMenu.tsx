import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A header button that opens a panel of links below it (the disclosure pattern: the button says whether it is
 * open, Escape or a click elsewhere closes it and gives the focus back to the button, tabbing out closes it).
 */
export function HeaderMenu({
  button,
  label,
  current = false,
  align = 'left',
  panelClassName = 'w-56',
  children,
}: {
  /** What the button shows. */
  button: ReactNode;
  /** The button's accessible name, when what it shows is not enough. */
  label?: string;
  /** The page shown is one of the menu's. */
  current?: boolean;
  align?: 'left' | 'right';
  panelClassName?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    // Tabbing past the last link (or back before the button) closes the menu too.
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        className={`flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
          current || open ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'
        }`}
      >
        {button}
        <svg
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        id={id}
        hidden={!open}
        className={`absolute top-full z-40 mt-1 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-900/10 ${
          align === 'right' ? 'right-0' : 'left-0'
        } ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}

/** A link's look inside a header menu's panel. */
export const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block px-4 py-2 text-sm ${
    isActive
      ? 'bg-brand-50 font-semibold text-brand-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;
