/**
 * A table header cell with a drag handle on its right edge (spec §2: resizable report columns).
 * Pointer drag changes the width; with the handle focused, ArrowLeft/ArrowRight change it by 16 px.
 * The handle is a focusable role="separator" whose aria-valuenow is the current width: the set one, or
 * before the first resize the measured width of the header cell.
 */
import type { KeyboardEvent, PointerEvent, ThHTMLAttributes } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

export const MIN_COLUMN_WIDTH = 60;
/** The aria-valuemax of the handle (widths are not capped; a wider column reports its own width). */
export const MAX_COLUMN_WIDTH = 1000;

export type ResizableTitleProps = ThHTMLAttributes<HTMLTableCellElement> & {
  width?: number;
  onResize?: (width: number) => void;
  resizeLabel?: string;
  'data-testid'?: string;
};

/** `components.header.cell` of the report table. */
export function ResizableTitle({ width, onResize, resizeLabel, ...rest }: ResizableTitleProps) {
  const thRef = useRef<HTMLTableCellElement>(null);
  const [measured, setMeasured] = useState<number>();
  const resizable = onResize !== undefined;
  useLayoutEffect(() => {
    const th = thRef.current;
    if (!resizable || !th) return;
    const update = () => setMeasured(Math.round(th.getBoundingClientRect().width));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(th);
    return () => observer.disconnect();
  }, [resizable]);
  if (!onResize) return <th {...rest} />;
  const valueNow = Math.round(width ?? (measured || MIN_COLUMN_WIDTH));

  const onPointerDown = (e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = width ?? thRef.current?.getBoundingClientRect().width ?? 120;
    const handle = e.currentTarget;
    handle.setPointerCapture?.(e.pointerId);
    const move = (ev: globalThis.PointerEvent) =>
      onResize(Math.max(MIN_COLUMN_WIDTH, Math.round(startWidth + ev.clientX - startX)));
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    const current = width ?? thRef.current?.getBoundingClientRect().width ?? 120;
    onResize(Math.max(MIN_COLUMN_WIDTH, Math.round(current + (e.key === 'ArrowRight' ? 16 : -16))));
  };

  return (
    // A pinned column's cell is sticky (antd `fixed`: class *-cell-fix-*), which also anchors the
    // handle: an inline `relative` would unpin it.
    <th
      {...rest}
      ref={thRef}
      style={/-cell-fix-/.test(rest.className ?? '') ? rest.style : { ...rest.style, position: 'relative' }}
    >
      {rest.children}
      {/* biome-ignore lint/a11y/useSemanticElements: a column splitter, not a thematic break */}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={resizeLabel}
        aria-valuenow={valueNow}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={Math.max(MAX_COLUMN_WIDTH, valueNow)}
        tabIndex={0}
        className="column-resize-handle"
        data-testid={rest['data-testid'] ? `resize-${rest['data-testid'].replace(/^col-/, '')}` : undefined}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
      />
    </th>
  );
}
