import type { StatColumn } from '@portal/contracts/reports.ts';
import { sdkCatalogue } from '@portal/contracts/reports.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ColumnDialog } from './column-dialog.tsx';

const columns: StatColumn[] = sdkCatalogue.map((c) => ({ ...c, title: c.title.en }));

function selection(): string[] {
  return [...document.querySelectorAll('[data-testid^="selected-"]')].map((el) =>
    (el.getAttribute('data-testid') ?? '').replace('selected-', ''),
  );
}

function open(value: string[]) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  render(<ColumnDialog open columns={columns} value={value} onApply={onApply} onCancel={onCancel} />);
  return { onApply, onCancel };
}

/** jsdom lays nothing out: give every selected item a 40 px row so dnd-kit's keyboard moves can measure. */
let rectSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  rectSpy = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('[data-testid^="selected-"]');
    const list = item?.parentElement;
    const index = item && list ? [...list.children].indexOf(item) : 0;
    const top = index * 40;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 300,
      bottom: top + 36,
      width: 300,
      height: 36,
      toJSON() {},
    } as DOMRect;
  });
});
afterEach(() => rectSpy?.mockRestore());

describe('custom column dialog (spec §2, §5)', () => {
  it('lists the selection in order with its count, and dimensions and metrics apart', () => {
    open(['dt', 'revenue', 'app_key']);
    expect(selection()).toEqual(['dt', 'revenue', 'app_key']);
    expect(screen.getByTestId('column-count').textContent).toBe('已选 3 项');
    const dims = screen.getByTestId('column-dimensions');
    const metrics = screen.getByTestId('column-metrics');
    expect(within(dims).getByTestId('option-geo')).toBeTruthy();
    expect(within(dims).queryByTestId('option-revenue')).toBeNull();
    expect(within(metrics).getByTestId('option-ctr')).toBeTruthy();
  });

  it('needs at least one dimension and one metric', async () => {
    const user = userEvent.setup();
    const { onApply } = open(['dt', 'revenue']);
    await user.click(screen.getByTestId('remove-dt'));
    await user.click(screen.getByTestId('column-apply'));
    expect(screen.getByTestId('column-error').textContent).toContain('至少需要选择一个维度字段');
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('option-geo'));
    await user.click(screen.getByTestId('remove-revenue'));
    await user.click(screen.getByTestId('column-apply'));
    expect(screen.getByTestId('column-error').textContent).toContain('至少需要选择一个指标字段');
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('option-ctr'));
    expect(screen.queryByTestId('column-error')).toBeNull();
    await user.click(screen.getByTestId('column-apply'));
    expect(onApply).toHaveBeenCalledWith(['geo', 'ctr']);
  });

  it('clears all, selects a whole group, and appends checked fields at the end', async () => {
    const user = userEvent.setup();
    const { onApply } = open(['dt', 'revenue']);
    await user.click(screen.getByTestId('column-clear'));
    expect(selection()).toEqual([]);
    expect(screen.getByTestId('column-count').textContent).toBe('已选 0 项');

    await user.click(screen.getByTestId('column-metrics-all'));
    await user.click(screen.getByTestId('option-hour'));
    const metrics = columns.filter((c) => c.type === 2).map((c) => c.field);
    expect(selection()).toEqual([...metrics, 'hour']);
    await user.click(screen.getByTestId('column-apply'));
    expect(onApply).toHaveBeenCalledWith([...metrics, 'hour']);
  });

  it('reorders with the keyboard (Space, ArrowDown, Space)', async () => {
    const user = userEvent.setup();
    const { onApply } = open(['dt', 'app_key', 'revenue']);
    const handle = screen.getByTestId('drag-dt');
    handle.focus();
    expect(document.activeElement).toBe(handle);
    const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));
    await user.keyboard(' ');
    await tick();
    await user.keyboard('{ArrowDown}');
    await tick();
    await user.keyboard(' ');
    await tick();
    expect(selection()).toEqual(['app_key', 'dt', 'revenue']);
    await user.click(screen.getByTestId('column-apply'));
    expect(onApply).toHaveBeenCalledWith(['app_key', 'dt', 'revenue']);
  });

  it('cancel leaves the columns as they were', async () => {
    const user = userEvent.setup();
    const { onApply, onCancel } = open(['dt', 'revenue']);
    await user.click(screen.getByTestId('column-clear'));
    await user.click(screen.getByTestId('column-cancel'));
    expect(onCancel).toHaveBeenCalled();
    expect(onApply).not.toHaveBeenCalled();
  });
});
