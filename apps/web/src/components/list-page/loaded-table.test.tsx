/**
 * Loaded tables (payments' statements and payouts): a table on a wide screen; on a phone every row a
 * card with each column's title beside its value, paged as the table is, so nothing hides behind a
 * sideways scroll.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnType } from 'antd';
import { type Key, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-phone.ts';
import { screenMatching } from '@/test/media-query.ts';
import { LoadedTable, type LoadedTableProps } from './loaded-table.tsx';

type Payout = { id: number; month: string; amount: string; status: string };
const payouts: Payout[] = Array.from({ length: 14 }, (_, i) => ({
  id: i + 1,
  month: `2026-${String((i % 12) + 1).padStart(2, '0')}`,
  amount: `US$ ${1000 + i}.00`,
  status: i === 0 ? 'Returned' : 'Paid',
}));
const columns: TableColumnType<Payout>[] = [
  { title: 'Month', dataIndex: 'month' },
  { title: 'Amount', dataIndex: 'amount', align: 'right' },
  { title: 'Status', dataIndex: 'status', render: (v: string) => <strong>{v}</strong> },
];

/** The props every table of these tests shares. */
const payoutsTable: Pick<LoadedTableProps<Payout>, 'testId' | 'label' | 'rowKey' | 'columns'> = {
  testId: 'payouts-table',
  label: 'Payouts',
  rowKey: 'id',
  columns,
};

const table = (rows = payouts) => <LoadedTable<Payout> {...payoutsTable} rows={rows} loading={false} />;

/** Payouts 1–14, of which the 'Returned' one (id 1) cannot be picked; `picked` is the last keys. */
let picked: Key[] = [];
function Picking({ initial = [] }: { initial?: Key[] }) {
  const [selected, setSelected] = useState<Key[]>(initial);
  picked = selected;
  return (
    <LoadedTable<Payout>
      {...payoutsTable}
      rows={payouts}
      loading={false}
      selection={{
        selected,
        onChange: setSelected,
        disabled: (p) => p.status === 'Returned',
        label: (p) => `payout ${p.month}`,
        text: 'Select',
        allText: 'Select all on this page',
      }}
    />
  );
}

describe('LoadedTable', () => {
  it('is a table on a wide screen, 12 rows a page', async () => {
    render(table());
    const grid = screen.getByTestId('payouts-table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Amount', 'Status']);
    expect(grid.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(12);
    expect(screen.queryByTestId('payouts-table-cards')).toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    expect(grid.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
  });

  it('shows each row as a card of titled values on a phone, paged the same way', async () => {
    screenMatching((q) => q === PHONE_QUERY);
    render(table());
    expect(screen.queryByTestId('payouts-table')).toBeNull();
    const cards = within(screen.getByTestId('payouts-table-cards')).getAllByRole('listitem');
    expect(cards).toHaveLength(12);
    const first = cards[0] as HTMLElement;
    expect([...first.querySelectorAll('dt')].map((d) => d.textContent)).toEqual([
      'Month',
      'Amount',
      'Status',
    ]);
    expect([...first.querySelectorAll('dd')].map((d) => d.textContent)).toEqual([
      '2026-01',
      'US$ 1000.00',
      'Returned',
    ]);
    await userEvent.click(screen.getByTitle('2'));
    const second = within(screen.getByTestId('payouts-table-cards')).getAllByRole('listitem');
    expect(second.map((c) => c.querySelector('dd')?.textContent)).toEqual(['2026-01', '2026-02']);
  });

  it('shows no pager on a phone when one page holds every row', () => {
    screenMatching((q) => q === PHONE_QUERY);
    const { container } = render(table(payouts.slice(0, 3)));
    expect(within(screen.getByTestId('payouts-table-cards')).getAllByRole('listitem')).toHaveLength(3);
    expect(container.querySelector('.ant-pagination')).toBeNull();
  });

  it('keeps every row on one page without a pager when paging is off, table and cards alike', () => {
    const all = <LoadedTable<Payout> {...payoutsTable} rows={payouts} loading={false} pageSize={false} />;
    const wide = render(all);
    expect(screen.getByTestId('payouts-table').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(14);
    expect(wide.container.querySelector('.ant-pagination')).toBeNull();
    wide.unmount();

    screenMatching((q) => q === PHONE_QUERY);
    const phone = render(all);
    expect(within(screen.getByTestId('payouts-table-cards')).getAllByRole('listitem')).toHaveLength(14);
    expect(phone.container.querySelector('.ant-pagination')).toBeNull();
  });

  it('shows a spinner, not the empty text, while the first rows load, table and cards alike', () => {
    const view = (loading: boolean) => (
      <LoadedTable<Payout> {...payoutsTable} rows={[]} loading={loading} emptyText="no payouts yet" />
    );
    const wide = render(view(true));
    expect(screen.queryByText('no payouts yet')).toBeNull();
    expect(wide.container.querySelector('.ant-spin-spinning')).not.toBeNull();
    wide.rerender(view(false));
    expect(screen.getByText('no payouts yet')).toBeTruthy();
    wide.unmount();

    screenMatching((q) => q === PHONE_QUERY);
    const phone = render(view(true));
    expect(screen.queryByText('no payouts yet')).toBeNull();
    expect(phone.container.querySelector('.ant-spin-spinning')).not.toBeNull();
    phone.rerender(view(false));
    expect(screen.getByText('no payouts yet')).toBeTruthy();
  });

  describe('with rows to pick (the month close)', () => {
    it('has antd checkboxes on a wide screen, the unpickable row disabled', async () => {
      render(<Picking />);
      const returned = screen.getByRole('checkbox', { name: 'payout 2026-01' }) as HTMLInputElement;
      expect(returned.disabled).toBe(true);
      await userEvent.click(screen.getByRole('checkbox', { name: 'payout 2026-02' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'payout 2026-03' }));
      expect(picked).toEqual([2, 3]);
    });

    it('has a checkbox on every card on a phone, and picks all the pickable cards of the page', async () => {
      screenMatching((q) => q === PHONE_QUERY);
      render(<Picking initial={[13]} />);
      const cards = within(screen.getByTestId('payouts-table-cards')).getAllByRole('listitem');
      const first = within(cards[0] as HTMLElement).getByRole('checkbox', { name: 'Select payout 2026-01' });
      expect((first as HTMLInputElement).disabled).toBe(true);
      await userEvent.click(
        within(cards[3] as HTMLElement).getByRole('checkbox', { name: 'Select payout 2026-04' }),
      );
      expect(picked).toEqual([13, 4]);
      // Select all: the page's 11 pickable rows (2–12), keeping 13 of the next page; not the returned one.
      const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
      expect(all.checked).toBe(false);
      await userEvent.click(all);
      expect([...picked].sort((a, b) => Number(a) - Number(b))).toEqual([
        2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
      ]);
      expect(all.checked).toBe(true);
      await userEvent.click(all);
      expect(picked).toEqual([13]);
      await userEvent.click(
        within(cards[5] as HTMLElement).getByRole('checkbox', { name: 'Select payout 2026-06' }),
      );
      expect(picked).toEqual([13, 6]);
    });
  });
});
