/** The report table on a phone (issue 25 item 4): first column kept, a scroll cue, nothing pinned right. */
import type { StatColumn } from '@portal/contracts/reports.ts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';
import { screenMatching } from '@/test/media-query.ts';
import { ReportTable } from './report-table.tsx';

const col = (field: string, type: 1 | 2, file_type: StatColumn['file_type']): StatColumn => ({
  field,
  title: field,
  type,
  file_type,
  sortable: true,
});
const columns = [
  col('app_key', 1, 'string'),
  col('request', 2, 'int'),
  col('revenue', 2, 'money'),
  col('ecpm', 2, 'money'),
];

function phone(matches: boolean) {
  screenMatching((q) => matches && q.includes('575.98px'));
}

function draw() {
  render(
    <AppProviders client={createQueryClient()}>
      <ReportTable
        columns={columns}
        data={{ list: [{ app_key: 'k1', request: 1, revenue: 2, ecpm: 3 }], count: 1, total: {} }}
        loading={false}
        order={undefined}
        page={1}
        pageSize={10}
        onSortChange={() => {}}
        onPageChange={() => {}}
      />
    </AppProviders>,
  );
}

describe('report table by screen size', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a phone keeps the first column, pins nothing right and says that it scrolls', () => {
    phone(true);
    draw();
    expect(screen.getByTestId('table-scroll-cue')).toBeTruthy();
    expect(screen.getByTestId('col-app_key').className).toMatch(/fix/);
    expect(screen.getByTestId('col-revenue').className).not.toMatch(/fix/);
    // Not resizable here: the header cells are plain <th>, with no resize props on them.
    expect(screen.getByTestId('col-revenue').hasAttribute('resizelabel')).toBe(false);
  });

  it('on a wide screen pins the money columns right, with no cue', () => {
    phone(false);
    draw();
    expect(screen.queryByTestId('table-scroll-cue')).toBeNull();
    expect(screen.getByTestId('col-revenue').className).toMatch(/fix/);
    expect(screen.getByTestId('col-app_key').className).not.toMatch(/fix/);
  });
});
