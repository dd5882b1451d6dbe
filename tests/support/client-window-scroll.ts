// The window's scrolling for screens that render only the rows on screen (@tanstack/react-virtual
// on the window): happy-dom has no layout, so the page is as tall as the virtual list's sizer
// says (its inline height) plus `below` px, and a scroll is reported with a scroll event as a
// browser does after it moves. Call before rendering; undo() in the test's finally.
//
//   const page = windowScroll();
//   ... await page.scrollTo(0)   the user scrolls to the top
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export interface WindowScroll {
  /** Scrolls the window to `y` and reports it (a scroll event), as the user's scrolling does. */
  scrollTo(y: number): Promise<void>;
  /** The window's scroll position. */
  readonly y: number;
  undo(): void;
}

export function windowScroll(sizer = '[role="log"][aria-label="Messages"] > div', below = 200): WindowScroll {
  const root = document.documentElement;
  const height = () => {
    const el = document.querySelector<HTMLElement>(sizer);
    return (el ? Number.parseFloat(el.style.height) || 0 : 0) + below;
  };
  Object.defineProperty(root, 'scrollHeight', { configurable: true, get: height });
  const report = () => window.dispatchEvent(new Event('scroll'));
  const original = window.scrollTo.bind(window);
  const spy = vi.spyOn(window, 'scrollTo').mockImplementation(((
    ...args: Parameters<typeof window.scrollTo>
  ) => {
    original(...(args as unknown as [ScrollToOptions]));
    // The browser reports a scroll on its next frame.
    setTimeout(report, 0);
  }) as typeof window.scrollTo);
  return {
    async scrollTo(y) {
      await act(async () => {
        root.scrollTop = Math.max(0, Math.min(y, height() - window.innerHeight));
        report();
      });
    },
    get y() {
      return window.scrollY;
    },
    undo() {
      spy.mockRestore();
      Reflect.deleteProperty(root, 'scrollHeight');
    },
  };
}
