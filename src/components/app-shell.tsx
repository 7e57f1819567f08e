import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { LogoMark } from './logo-mark.tsx';

/**
 * Navigation lists only the screens that exist. Later screens (Timeline, Captions, Clips, Faceless
 * plans, Media, Exports & jobs, Settings) are added here when they are built.
 */
const navItems = [
  { to: '/projects', label: 'Projects' },
  { to: '/review', label: 'Review' },
  { to: '/clips', label: 'Clips' },
  { to: '/media', label: 'Media' },
  { to: '/ops', label: 'Ops' },
  { to: '/publishing', label: 'Publishing' },
  { to: '/ai-style', label: 'AI style' },
  { to: '/settings', label: 'Settings' },
] as const;

export type NavTarget = (typeof navItems)[number]['to'];

/**
 * The signed-in frame: the header (navigation and the session's status) and the main area. On a
 * phone (below Tailwind's `md`) the header folds into a "Menu" button: the navigation and the
 * status open under it, and close again once a link in them is followed or Escape is pressed. The
 * fold is CSS only, so the header's markup is the same on every screen size.
 */
export function AppShell({
  header,
  navBadges = {},
  children,
  wide = false,
  studio = false,
}: {
  header: ReactNode;
  /** Shown inside a navigation link, after its label (e.g. a count of what waits there). */
  navBadges?: Partial<Record<NavTarget, ReactNode>>;
  children: ReactNode;
  /** An editor: the main area spans the window (less padding) instead of the reading width. */
  wide?: boolean;
  /**
   * A studio (the project's editors): the header is one compact row and the main area fills the
   * rest of the window exactly (the page never scrolls; the studio's panels do).
   */
  studio?: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  return (
    <div className={studio ? 'flex h-dvh flex-col overflow-hidden' : 'flex min-h-screen flex-col'}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header
        data-app-header
        data-compact={studio || undefined}
        className={
          studio
            ? 'flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-3 py-1 md:flex-nowrap md:whitespace-nowrap'
            : 'flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 md:px-6 md:py-3'
        }
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            document.getElementById(`${menuId}-button`)?.focus();
          }
        }}
      >
        <Link
          to="/projects"
          className={`flex items-center gap-2 font-bold text-indigo-700 ${studio ? 'text-base' : 'text-lg'}`}
        >
          <LogoMark className={studio ? 'h-5 w-5' : 'h-6 w-6'} />
          Cutroom
        </Link>
        <button
          type="button"
          id={`${menuId}-button`}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 md:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            {menuOpen ? (
              <path d="M5.3 4.3 10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" />
            ) : (
              <path d="M3 5h14v1.5H3zm0 4.25h14v1.5H3zM3 13.5h14V15H3z" />
            )}
          </svg>
          Menu
        </button>
        <div
          id={menuId}
          // A followed link closes the menu (the page under it changes).
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a[href]')) {
              setMenuOpen(false);
            }
          }}
          className={`${menuOpen ? 'flex' : 'hidden'} basis-full flex-col gap-3 pb-2 md:flex md:flex-1 md:basis-auto md:flex-row md:items-center md:pb-0 ${studio ? 'md:min-w-0 md:flex-nowrap md:gap-x-4' : 'md:flex-wrap md:gap-x-6 md:gap-y-2'}`}
        >
          <nav
            aria-label="Main"
            className={`flex flex-col md:flex-row ${studio ? 'gap-0.5' : 'gap-1 md:flex-wrap'}`}
          >
            {navItems.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={`whitespace-nowrap rounded-md px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 ${studio ? 'md:px-2 md:py-1' : 'md:py-1.5'}`}
                activeProps={{ className: 'bg-indigo-50 text-indigo-800', 'aria-current': 'page' }}
              >
                {item.label}
                {navBadges[item.to]}
              </Link>
            ))}
          </nav>
          <div className="border-t border-slate-200 pt-3 md:ml-auto md:border-0 md:pt-0">
            {header}
          </div>
        </div>
      </header>
      <main
        id="main"
        className={
          studio
            ? 'min-h-0 w-full min-w-0 flex-1 px-3 py-1'
            : wide
              ? 'w-full flex-1 px-4 py-3'
              : 'mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-4 md:px-6 md:py-8'
        }
      >
        {children}
      </main>
    </div>
  );
}
