/**
 * useKeyboardScroll: a sideways-scrolling area becomes a named region in the tab order while it has
 * more to scroll, and leaves the tab order when everything fits (jsdom has no layout: the widths are
 * stubbed).
 */
import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useKeyboardScroll } from './use-keyboard-scroll.ts';

function Scroller({ label }: { label: string }) {
  const root = useRef<HTMLDivElement>(null);
  useKeyboardScroll(root, '.area', label);
  return (
    <div ref={root}>
      <div className="area" data-testid="area">
        <table />
      </div>
    </div>
  );
}

/** Stubs every element's widths: `content` to scroll, `shown` in view. */
function widths(content: number, shown: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(shown);
}

describe('useKeyboardScroll', () => {
  it('makes an area with more to scroll a named region the keyboard reaches', () => {
    widths(900, 400);
    render(<Scroller label="Sign-in activity" />);
    const region = screen.getByRole('region', { name: 'Sign-in activity' });
    expect(region).toBe(screen.getByTestId('area'));
    expect(region.tabIndex).toBe(0);
  });

  it('leaves an area that shows everything out of the tab order, and takes it out when it fits again', () => {
    widths(400, 400);
    const view = render(<Scroller label="Payouts" />);
    const area = screen.getByTestId('area');
    expect(area.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
    widths(900, 400);
    view.rerender(<Scroller label="Payouts" />);
    expect(area.getAttribute('tabindex')).toBe('0');
    widths(400, 400);
    view.rerender(<Scroller label="Payouts" />);
    expect(area.hasAttribute('tabindex')).toBe(false);
    expect(area.hasAttribute('aria-label')).toBe(false);
  });
});
