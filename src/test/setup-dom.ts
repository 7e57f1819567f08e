import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom lays nothing out and has no ResizeObserver: components that follow their size (the
// studio's panels, the previews) get one that never reports, as for a box that never changes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// With nothing laid out, every box is at (0, 0), where every simulated press lands: a resizable
// split's separator (react-resizable-panels widens its hit area around its box) would take them
// all. Its box is put out of the way.
const boxOf = Element.prototype.getBoundingClientRect;
Element.prototype.getBoundingClientRect = function (this: Element) {
  return this.hasAttribute('data-separator')
    ? new DOMRect(-10_000, -10_000, 0, 0)
    : boxOf.call(this);
};
