/**
 * The short entry lists (in place of antd's deprecated List): entries are list items a screen reader
 * can count, each with its title, description and actions; nothing yet shows a spinner, nothing at
 * all shows the empty text, and a refresh keeps the entries on screen under the spinner.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Entry, EntryList } from './entry-list.tsx';

type Doc = { id: number; name: string; size: string };
const docs: Doc[] = [
  { id: 7, name: 'w8ben.pdf', size: '12 KiB' },
  { id: 9, name: 'invoice-2026-10.pdf', size: '40 KiB' },
];

function Docs({ items, loading, onOpen }: { items: Doc[]; loading?: boolean; onOpen?: (d: Doc) => void }) {
  return (
    <EntryList
      items={items}
      loading={loading}
      rowKey={(d) => d.id}
      empty="no documents yet"
      renderItem={(d) => (
        <Entry
          data-testid={`doc-${d.id}`}
          title={d.name}
          description={d.size}
          actions={[
            <button key="open" type="button" onClick={() => onOpen?.(d)}>
              open
            </button>,
          ]}
        />
      )}
    />
  );
}

describe('EntryList', () => {
  it('lists each entry as a list item with its title, description and actions', async () => {
    const onOpen = vi.fn();
    render(<Docs items={docs} onOpen={onOpen} />);
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['w8ben.pdf12 KiBopen', 'invoice-2026-10.pdf40 KiBopen']);
    expect(screen.getByTestId('doc-9').querySelector('.entry-title')?.textContent).toBe(
      'invoice-2026-10.pdf',
    );
    expect(screen.getByTestId('doc-9').querySelector('.entry-description')?.textContent).toBe('40 KiB');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'open' }));
    expect(onOpen).toHaveBeenCalledWith(docs[1]);
    expect(screen.queryByText('no documents yet')).toBeNull();
  });

  it('shows a spinner while the first entries load, then the empty text when there are none', () => {
    const { container, rerender } = render(<Docs items={[]} loading />);
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('no documents yet')).toBeNull();

    rerender(<Docs items={[]} />);
    expect(screen.getByText('no documents yet')).toBeTruthy();
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('keeps the entries on screen under the spinner while they refresh', () => {
    const { container } = render(<Docs items={docs} loading />);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
  });
});
