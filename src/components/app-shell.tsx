import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
            ? 'flex shrink-0 items-center gap-x-4 overflow-hidden whitespace-nowrap border-b border-slate-200 bg-white px-3 py-1'
            : 'flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-200 bg-white px-6 py-3'
        }
      >
        <Link
          to="/projects"
          className={`flex items-center gap-2 font-bold text-indigo-700 ${studio ? 'text-base' : 'text-lg'}`}
        >
          <LogoMark className={studio ? 'h-5 w-5' : 'h-6 w-6'} />
          Cutroom
        </Link>
        <nav aria-label="Main" className={studio ? 'flex gap-0.5' : 'flex flex-wrap gap-1'}>
          {navItems.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={`whitespace-nowrap rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100 ${studio ? 'px-2 py-1' : 'px-3 py-1.5'}`}
              activeProps={{ className: 'bg-indigo-50 text-indigo-800', 'aria-current': 'page' }}
            >
              {item.label}
              {navBadges[item.to]}
            </Link>
          ))}
        </nav>
        <div className="ml-auto">{header}</div>
      </header>
      <main
        id="main"
        className={
          studio
            ? 'min-h-0 w-full flex-1 px-3 py-1'
            : wide
              ? 'w-full flex-1 px-4 py-3'
              : 'mx-auto w-full max-w-6xl flex-1 px-6 py-8'
        }
      >
        {children}
      </main>
    </div>
  );
}
