/**
 * A sideways-scrolling area the keyboard can scroll (WCAG 2.1.1; axe `scrollable-region-focusable`):
 * while the area found by `selector` inside `root` has more to scroll than it shows, it is a named
 * region in the tab order (tabindex 0, `role="region"`, `aria-label` = `label`), so arrow keys scroll
 * it; when everything fits it is left out of the tab order again. antd's Table keeps its scrolling
 * area (`.ant-table-content`) inside, out of reach of its props, hence the element is found in the DOM.
 * Watches the area and its content for size changes (rows loaded, window resized).
 */
import { type RefObject, useEffect } from 'react';

export function useKeyboardScroll(
  root: RefObject<HTMLElement | null>,
  selector: string,
  label: string,
): void {
  // After every render, no dependencies: the area comes and goes with the table (cards on a phone,
  // a table again once the window widens), which no prop of the caller says.
  useEffect(() => {
    const area = root.current?.querySelector<HTMLElement>(selector);
    if (!area) return;
    const update = () => {
      if (area.scrollWidth > area.clientWidth + 1) {
        area.tabIndex = 0;
        area.setAttribute('role', 'region');
        area.setAttribute('aria-label', label);
      } else {
        area.removeAttribute('tabindex');
        area.removeAttribute('role');
        area.removeAttribute('aria-label');
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(area);
    if (area.firstElementChild) observer.observe(area.firstElementChild);
    return () => observer.disconnect();
  });
}
