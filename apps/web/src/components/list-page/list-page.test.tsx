import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';
import { addCatalogue } from '@/lib/i18n.ts';
import enApps from '@/locales/en/apps.json';
import zhApps from '@/locales/zh/apps.json';
import { screenMatching } from '@/test/media-query.ts';
import { AuditStatusCell } from '../audit-status-cell.tsx';
import { ListPage } from './list-page.tsx';
import { useListState } from './use-list-state.ts';

// The status cell's labels live in the `apps` catalogue, which the app screens register.
addCatalogue('apps', { zh: zhApps, en: enApps });

type Row = { id: number; name: string; status: number };
type Filters = { name: string; status: number | undefined };
type Params = Partial<Filters> & { page_no: number; page_size: number };

function Harness(props: {
  load: (params: Params) => Promise<{ list: Row[]; total: number }>;
  changeStatus: (id: number, to: number) => Promise<unknown>;
}) {
  const state = useListState<Filters>({ name: '', status: undefined });
  const query = useQuery({ queryKey: ['rows', state.params], queryFn: () => props.load(state.params) });
  return (
    <ListPage<Row, Filters>
      title="Rows"
      testId="rows-page"
      filterTestId="rows"
      filters={[
        { kind: 'text', name: 'name', id: 'filter-name', label: 'Name' },
        {
          kind: 'select',
          name: 'status',
          testId: 'filter-status',
          label: 'Status',
          options: [
            { value: 2, label: 'Active' },
            { value: 3, label: 'Frozen' },
          ],
        },
      ]}
      state={state}
      query={query}
      table={{
        testId: 'rows-table',
        rowKey: 'id',
        totalText: (n) => `${n} rows`,
        columns: [
          { title: 'Name', dataIndex: 'name', width: 200 },
          {
            title: 'Status',
            dataIndex: 'status',
            width: 160,
            render: (s: number, row) => (
              <AuditStatusCell
                id={row.id}
                name={row.name}
                status={s}
                isOps={false}
                onChange={(to) => props.changeStatus(row.id, to)}
              />
            ),
          },
        ],
      }}
    />
  );
}

function setup(changeStatus = vi.fn(async () => {})) {
  const load = vi.fn(async (_: Params) => ({ list: [{ id: 7, name: 'Seven', status: 2 }], total: 1 }));
  render(
    <AppProviders client={createQueryClient()}>
      <Harness load={load} changeStatus={changeStatus} />
    </AppProviders>,
  );
  return { load, changeStatus, user: userEvent.setup() };
}

/** Picks the other status in the row's dropdown and confirms the prompt. */
async function changeTo(user: ReturnType<typeof userEvent.setup>, label: string) {
  const select = await screen.findByTestId('status-7');
  await user.click(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
  await user.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
  const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
  await user.click(within(dialog).getByRole('button', { name: /^(确\s*定|OK)$/ }));
}

describe('list-page scaffold', () => {
  it('labels every filter and offers Search and Reset', async () => {
    setup();
    await screen.findByText('Seven');
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).id).toBe('filter-name');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.getByTestId('rows-search').textContent).toMatch(/搜\s*索/);
    expect(screen.getByTestId('rows-reset').textContent).toMatch(/重\s*置/);
  });

  it('Search sends the typed filter at once; Reset clears the filters and asks the list again', async () => {
    const { load, user } = setup();
    await screen.findByText('Seven');
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    await user.type(name, '  Sev ');
    await user.click(screen.getByTestId('rows-search'));
    await waitFor(() =>
      expect(load.mock.calls.at(-1)?.[0]).toEqual({ name: 'Sev', page_no: 1, page_size: 10 }),
    );

    const before = load.mock.calls.length;
    await user.click(screen.getByTestId('rows-reset'));
    expect(name.value).toBe('');
    await waitFor(() => expect(load.mock.calls.length).toBe(before + 1));
    expect(load.mock.calls.at(-1)?.[0]).toEqual({ page_no: 1, page_size: 10 });

    // With nothing to clear, Reset still reloads the list (and Search too).
    await user.click(screen.getByTestId('rows-reset'));
    await waitFor(() => expect(load.mock.calls.length).toBe(before + 2));
    await user.click(screen.getByTestId('rows-search'));
    await waitFor(() => expect(load.mock.calls.length).toBe(before + 3));
    expect(load.mock.calls.at(-1)?.[0]).toEqual({ page_no: 1, page_size: 10 });
  });

  it('a select filter applies at once and Enter in a text filter searches', async () => {
    const { load, user } = setup();
    await screen.findByText('Seven');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByText('Frozen', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(load.mock.calls.at(-1)?.[0]).toEqual({ status: 3, page_no: 1, page_size: 10 }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    await waitFor(() =>
      expect(load.mock.calls.at(-1)?.[0]).toEqual({ status: 3, name: 'x', page_no: 1, page_size: 10 }),
    );
  });

  it('a status change shows the success message, in Chinese and in English', async () => {
    const { changeStatus, user } = setup();
    await changeTo(user, '冻结');
    await waitFor(() => expect(changeStatus).toHaveBeenCalledWith(7, 3));
    expect(await screen.findByText('状态修改成功')).toBeTruthy();

    await i18next.changeLanguage('en');
    await changeTo(user, 'Frozen');
    await waitFor(() => expect(changeStatus).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Status changed')).toBeTruthy();
  });

  it('a failed status change shows no success message', async () => {
    const { changeStatus, user } = setup(vi.fn(async () => Promise.reject(new Error('refused'))));
    await changeTo(user, '冻结');
    await waitFor(() => expect(changeStatus).toHaveBeenCalledWith(7, 3));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('状态修改成功')).toBeNull();
  });

  it('shows the status as a coloured badge and gives the table the sum of the column widths', async () => {
    setup();
    await screen.findByText('Seven');
    const select = screen.getByTestId('status-7');
    expect(select.querySelector('.ant-tag-success')?.textContent).toBe('激活');
    const table = screen.getByTestId('rows-table').querySelector('table') as HTMLTableElement;
    expect(table.style.width).toBe('360px');
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-left')).toBeNull();
  });
});

describe('list page on a phone (issue 25 item 4)', () => {
  it('shows each row as a card with every column, the status control included', async () => {
    screenMatching((q) => q.includes('575.98px'));
    try {
      setup();
      const cards = await screen.findByTestId('rows-table-cards');
      const card = within(cards).getAllByRole('listitem')[0] as HTMLElement;
      expect([...card.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Name', 'Status']);
      expect(within(card).getByText('Seven')).toBeTruthy();
      expect(within(card).getByTestId('status-7')).toBeTruthy();
      expect(screen.queryByTestId('rows-table')).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
