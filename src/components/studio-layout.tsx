/**
 * The studio: the one layout of a project's editors (the timeline, the caption styler, the Words
 * view). The frame is large and centred on top, the timeline (or what the page puts there) below
 * it, tool panels beside the frame; every split is resizable (react-resizable-panels) and
 * remembered on this device, side panels collapse to a strip, F6 / Shift+F6 move the focus from
 * one part to the next, and F (or the button on the frame) shows the frame alone, as large as the
 * window allows, until Escape (`FullFrameToggle` is its button, in the frame's controls).
 *
 * A page composes it: its own frame, its own panels, and the panels its route hands it (a slot:
 * another feature's panel, such as the Words panel on the timeline page).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  Group,
  Panel,
  Separator,
  useDefaultLayout,
  usePanelRef,
  type LayoutStorage,
  type PanelImperativeHandle,
} from 'react-resizable-panels';
import { Button } from '@/editor-kit/controls/button.tsx';
import { isShortcutBlocked } from '@/editor-kit/shortcut-guard.ts';
import { deviceStorage } from '@/lib/device-storage.ts';

/** A tool panel beside the frame. */
export interface StudioPanel {
  /** Stable and unique on the page: names the panel's remembered size and its focus stop. */
  id: string;
  /** Shown in the panel's header (and on its strip when collapsed). */
  title: string;
  content: ReactNode;
  /** Which side of the frame: right unless said. */
  side?: 'left' | 'right';
  /** Width when first shown, in CSS pixels (320 unless said). */
  defaultWidth?: number;
  /** The narrowest it can be dragged before it collapses (240 unless said). */
  minWidth?: number;
  /**
   * The content fills the panel's height and scrolls itself (a virtualised list); otherwise the
   * panel scrolls its content.
   */
  fill?: boolean;
  /**
   * Shown as its strip until opened (then remembered on the device like any size): a panel another
   * feature adds that would otherwise narrow the frame's row below what its controls need.
   */
  collapsedByDefault?: boolean;
}

/** What sits under the frame: the timeline (its panel's height is remembered too). */
export interface StudioBottom {
  title: string;
  content: ReactNode;
  /** Height when first shown, in CSS pixels. */
  defaultHeight: number;
  /** The lowest it can be dragged, in CSS pixels. */
  minHeight?: number;
}

export interface StudioLayoutProps {
  /** Names the remembered layout (e.g. `timeline`, `captions`, `words`): one per editor. */
  id: string;
  /** The row above everything: the page's title and its editor's tools. */
  toolbar: ReactNode;
  /** The frame and its playback row; it fills the space it is given. */
  frame: ReactNode;
  /** The frame's name for the focus stops and the full-frame button ("Frame" unless said). */
  frameTitle?: string;
  bottom?: StudioBottom;
  /** The page's own panels, then those its route hands it. */
  panels: readonly StudioPanel[];
}

/** The full-frame view, for the frame's own controls (`FullFrameToggle`). */
const FullFrameContext = createContext<{ on: boolean; set(on: boolean): void } | null>(null);

/**
 * The button that shows the frame alone (and back): the frame's content puts it in its row of
 * controls, which stays under the frame in the full-frame view. Nothing outside a studio.
 */
export function FullFrameToggle() {
  const fullFrame = useContext(FullFrameContext);
  if (!fullFrame) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={fullFrame.on}
      title={fullFrame.on ? 'Back to the studio (Esc)' : 'Show the frame alone (F)'}
      onClick={() => fullFrame.set(!fullFrame.on)}
    >
      {/* In the studio the row under the frame is full: an icon, named for people. */}
      {fullFrame.on ? (
        'Exit full frame'
      ) : (
        <>
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none">
            <path
              d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          </svg>
          <span className="sr-only">Full frame</span>
        </>
      )}
    </Button>
  );
}

/** The strip a collapsed side panel leaves: its expand button. */
const COLLAPSED_WIDTH = 40;
const DEFAULT_PANEL_WIDTH = 320;
const MIN_PANEL_WIDTH = 240;
const MIN_FRAME_WIDTH = 200;
const MIN_FRAME_HEIGHT = 160;
/**
 * The separators' hit targets (CSS pixels across): WCAG's 24 × 24 for a mouse, more for a finger.
 * The visible bar is thinner; the library widens where a press takes it.
 */
const HIT_TARGET = { fine: 24, coarse: 40 } as const;

/** Layouts are kept on this device; a storage that refuses (private mode, full) keeps none. */
const layoutStorage: LayoutStorage = {
  getItem(key) {
    try {
      return deviceStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      deviceStorage()?.setItem(key, value);
    } catch {
      // Not remembered: the next visit starts from the defaults.
    }
  },
};

/** The element that takes the focus when F6 arrives at a part. */
function focusTargetOf(stop: HTMLElement, remembered: Element | null): HTMLElement {
  if (remembered instanceof HTMLElement && remembered.isConnected && stop.contains(remembered))
    return remembered;
  return stop.querySelector<HTMLElement>('[data-studio-focus]') ?? stop;
}

/** F6 / Shift+F6 (from anywhere, a field too: the key types nothing), F and Escape. */
function useStudioKeys(
  root: RefObject<HTMLElement | null>,
  fullFrame: boolean,
  setFullFrame: (on: boolean) => void,
): void {
  // The element last focused in each part: F6 goes back to it, as desktop editors do.
  const remembered = useRef(new WeakMap<HTMLElement, Element>());
  const pointerDown = useRef(false);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const stops = () => [...element.querySelectorAll<HTMLElement>('[data-studio-stop]')];
    const onFocusIn = (event: FocusEvent) => {
      const stop = (event.target as Element).closest<HTMLElement>('[data-studio-stop]');
      if (stop && stop !== event.target) remembered.current.set(stop, event.target as Element);
    };
    const onPointer = (event: PointerEvent) => {
      pointerDown.current = event.type === 'pointerdown';
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'F6') {
        const all = stops().filter((stop) => !stop.closest('[inert]'));
        if (all.length === 0) return;
        event.preventDefault();
        const at = all.findIndex((stop) => stop.contains(document.activeElement));
        const next =
          at < 0
            ? event.shiftKey
              ? all.length - 1
              : 0
            : (at + (event.shiftKey ? -1 : 1) + all.length) % all.length;
        const stop = all[next]!;
        focusTargetOf(stop, remembered.current.get(stop) ?? null).focus({ preventScroll: true });
        return;
      }
      if (isShortcutBlocked(event)) return;
      if ((event.key === 'f' || event.key === 'F') && !event.shiftKey) {
        event.preventDefault();
        setFullFrame(!fullFrame);
      } else if (event.key === 'Escape' && fullFrame && !pointerDown.current) {
        // Escape leaves the full frame before anything else it may do (a pointer gesture still
        // in progress keeps it: there Escape cancels the gesture).
        event.preventDefault();
        event.stopPropagation();
        setFullFrame(false);
      }
    };
    element.addEventListener('focusin', onFocusIn);
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('pointerup', onPointer, true);
    // Capture: Escape in the full frame is the studio's before an editor's (which would clear
    // the selection first); the other keys only when nothing in the page took them.
    const onCapture = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onKeyDown(event);
    };
    const onBubble = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') onKeyDown(event);
    };
    window.addEventListener('keydown', onCapture, true);
    window.addEventListener('keydown', onBubble);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('pointerup', onPointer, true);
      window.removeEventListener('keydown', onCapture, true);
      window.removeEventListener('keydown', onBubble);
    };
  }, [root, fullFrame, setFullFrame]);
}

/**
 * A split's bar. Its resize cursor is its own, over the whole hit target (its `::before` spans
 * `HIT_TARGET.fine` across; while dragged the bar holds the pointer capture, so the cursor stays):
 * the library's cursor is a style sheet over every element of the document (`disableCursor` on
 * the groups), and adding or removing it restyled the whole page as the pointer came to a bar
 * and at a drag's release (12 ms of style at load ~7, in the release's frame).
 */
function StudioSeparator({ label, orientation }: { label: string; orientation: 'x' | 'y' }) {
  return (
    <Separator
      aria-label={label}
      className={`group relative z-10 flex shrink-0 items-center justify-center rounded outline-none before:absolute before:content-[''] focus-visible:ring-2 focus-visible:ring-amber-400 ${orientation === 'x' ? 'w-2 cursor-col-resize before:inset-y-0 before:-left-2 before:-right-2' : 'h-2 cursor-row-resize before:inset-x-0 before:-bottom-2 before:-top-2'}`}
    >
      <span
        aria-hidden="true"
        className={`rounded-full bg-slate-300 group-hover:bg-indigo-400 group-data-[separator=active]:bg-indigo-500 ${orientation === 'x' ? 'h-10 w-1' : 'h-1 w-10'}`}
      />
    </Separator>
  );
}

function SidePanel({
  panel,
  panelRef,
}: {
  panel: StudioPanel;
  panelRef: RefObject<PanelImperativeHandle | null>;
}) {
  const [collapsed, setCollapsed] = useState(panel.collapsedByDefault === true);
  const headingId = `studio-panel-${panel.id}-title`;
  return (
    <Panel
      id={panel.id}
      panelRef={panelRef}
      defaultSize={
        panel.collapsedByDefault ? COLLAPSED_WIDTH : (panel.defaultWidth ?? DEFAULT_PANEL_WIDTH)
      }
      minSize={panel.minWidth ?? MIN_PANEL_WIDTH}
      maxSize="50%"
      collapsible
      collapsedSize={COLLAPSED_WIDTH}
      groupResizeBehavior="preserve-pixel-size"
      onResize={() => setCollapsed(panelRef.current?.isCollapsed() ?? false)}
      className="h-full"
    >
      <div
        data-studio-stop={panel.id}
        data-studio-panel={panel.id}
        aria-labelledby={headingId}
        role="group"
        tabIndex={-1}
        className="flex h-full min-h-0 flex-col rounded-lg border border-slate-200 bg-white outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
        {collapsed ? (
          <button
            type="button"
            onClick={() => panelRef.current?.expand()}
            aria-expanded={false}
            aria-label={`Show ${panel.title}`}
            title={`Show ${panel.title}`}
            className="flex h-full w-full flex-col items-center gap-2 rounded-lg py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            <span aria-hidden="true">{panel.side === 'left' ? '»' : '«'}</span>
            <span id={headingId} className="[writing-mode:vertical-rl]">
              {panel.title}
            </span>
          </button>
        ) : (
          <>
            <div className="flex shrink-0 items-center justify-between border-b border-slate-200 py-0.5 pl-3 pr-1">
              <h2
                id={headingId}
                className="text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {panel.title}
              </h2>
              <button
                type="button"
                onClick={() => panelRef.current?.collapse()}
                aria-expanded={true}
                aria-label={`Hide ${panel.title}`}
                title={`Hide ${panel.title}`}
                className="flex h-7 w-7 items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-amber-400"
              >
                <span aria-hidden="true">{panel.side === 'left' ? '«' : '»'}</span>
              </button>
            </div>
            <div
              className={
                panel.fill
                  ? 'flex min-h-0 flex-1 flex-col p-2'
                  : 'min-h-0 flex-1 overflow-y-auto p-2'
              }
            >
              {panel.content}
            </div>
          </>
        )}
      </div>
    </Panel>
  );
}

/** A side panel with the ref its collapse button uses (a hook per panel, in a component). */
function SidePanelSlot({ panel }: { panel: StudioPanel }) {
  const panelRef = usePanelRef();
  return <SidePanel panel={panel} panelRef={panelRef} />;
}

export function StudioLayout({
  id,
  toolbar,
  frame,
  frameTitle = 'Frame',
  bottom,
  panels,
}: StudioLayoutProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [fullFrame, setFullFrameState] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const setFullFrame = useCallback((on: boolean) => {
    setFullFrameState(on);
    // The frame keeps the focus across the change (the button it was on moved or went).
    requestAnimationFrame(() => {
      const stop = frameRef.current;
      if (stop && !stop.contains(document.activeElement))
        focusTargetOf(stop, null).focus({ preventScroll: true });
    });
  }, []);
  useStudioKeys(rootRef, fullFrame, setFullFrame);
  const fullFrameValue = useMemo(
    () => ({ on: fullFrame, set: setFullFrame }),
    [fullFrame, setFullFrame],
  );

  const left = panels.filter((panel) => panel.side === 'left');
  const right = panels.filter((panel) => panel.side !== 'left');
  const columnIds = [...left.map((p) => p.id), 'frame', ...right.map((p) => p.id)];
  const columns = useDefaultLayout({
    id: `cutroom.studio.${id}.columns`,
    panelIds: columnIds,
    storage: layoutStorage,
  });
  const rows = useDefaultLayout({
    id: `cutroom.studio.${id}.rows`,
    panelIds: bottom ? ['top', 'bottom'] : ['top'],
    storage: layoutStorage,
  });

  const frameArea = (
    <div
      ref={frameRef}
      data-studio-stop="frame"
      data-studio-frame
      data-full-frame={fullFrame || undefined}
      role="group"
      aria-label={fullFrame ? `${frameTitle}, full frame` : frameTitle}
      tabIndex={-1}
      className={
        fullFrame
          ? 'fixed inset-0 z-40 flex flex-col bg-slate-950 p-3 outline-none'
          : 'flex h-full min-h-0 flex-col outline-none'
      }
    >
      <FullFrameContext.Provider value={fullFrameValue}>{frame}</FullFrameContext.Provider>
    </div>
  );

  const top = (
    <Group
      id={`studio-${id}-columns`}
      orientation="horizontal"
      defaultLayout={columns.defaultLayout}
      onLayoutChanged={columns.onLayoutChanged}
      resizeTargetMinimumSize={HIT_TARGET}
      disableCursor
      className="h-full"
    >
      {left.map((panel) => (
        <SidePanelGroupItem key={panel.id} panel={panel} before />
      ))}
      <Panel id="frame" minSize={MIN_FRAME_WIDTH} className="h-full">
        {frameArea}
      </Panel>
      {right.map((panel) => (
        <SidePanelGroupItem key={panel.id} panel={panel} />
      ))}
    </Group>
  );

  return (
    <div ref={rootRef} data-studio={id} className="flex h-full min-h-0 flex-col gap-1">
      <div className="shrink-0" inert={fullFrame}>
        {toolbar}
      </div>
      <div className="min-h-0 flex-1">
        {bottom ? (
          <Group
            id={`studio-${id}-rows`}
            orientation="vertical"
            defaultLayout={rows.defaultLayout}
            onLayoutChanged={rows.onLayoutChanged}
            resizeTargetMinimumSize={HIT_TARGET}
            disableCursor
            className="h-full"
          >
            <Panel id="top" minSize={MIN_FRAME_HEIGHT}>
              {top}
            </Panel>
            <StudioSeparator
              label={`Resize the frame and the ${bottom.title.toLowerCase()}`}
              orientation="y"
            />
            <Panel
              id="bottom"
              defaultSize={bottom.defaultHeight}
              minSize={bottom.minHeight ?? 96}
              groupResizeBehavior="preserve-pixel-size"
            >
              <div
                data-studio-stop="bottom"
                role="group"
                aria-label={bottom.title}
                tabIndex={-1}
                inert={fullFrame}
                className="flex h-full min-h-0 flex-col outline-none"
              >
                {bottom.content}
              </div>
            </Panel>
          </Group>
        ) : (
          top
        )}
      </div>
    </div>
  );
}

/** A side panel and the separator between it and the frame. */
function SidePanelGroupItem({ panel, before = false }: { panel: StudioPanel; before?: boolean }) {
  const separator = <StudioSeparator label={`Resize ${panel.title}`} orientation="x" />;
  return (
    <>
      {before ? null : separator}
      <SidePanelSlot panel={panel} />
      {before ? separator : null}
    </>
  );
}
