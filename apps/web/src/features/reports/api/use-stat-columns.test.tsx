import { endpoints } from '@portal/contracts/endpoints.ts';
import { sdkCatalogue } from '@portal/contracts/reports.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers.tsx';
import { initI18n } from '@/lib/i18n.ts';
import { mock, mockApi, seedSession } from '@/test/render-app.tsx';
import { useStatColumns } from './use-stat-columns.ts';

const zh = sdkCatalogue.map((c) => ({ ...c, title: c.title.zh }));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('useStatColumns (issue 11: the catalogue stands in, an equal answer changes nothing)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('serves the catalogue at once, asks the server, and keeps the same objects for an equal answer', async () => {
    initI18n();
    seedSession();
    const api = mockApi([mock(endpoints.reports.statColumns, zh, { params: { kind: 'sdk' } })]);
    const { result } = renderHook(() => useStatColumns('sdk'), { wrapper });
    const first = result.current.data;
    expect(first?.map((c) => c.field)).toEqual(zh.map((c) => c.field));
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(api.callsTo(endpoints.reports.statColumns, { params: { kind: 'sdk' } })).toHaveLength(1);
    expect(result.current.data).toBe(first);
  });

  it('takes the server’s answer where it differs', async () => {
    initI18n();
    seedSession();
    const renamed = zh.map((c, i) => (i === 0 ? { ...c, title: 'renamed' } : c));
    mockApi([mock(endpoints.reports.statColumns, renamed, { params: { kind: 'sdk' } })]);
    const { result } = renderHook(() => useStatColumns('sdk'), { wrapper });
    await waitFor(() => expect(result.current.data?.[0]?.title).toBe('renamed'));
  });
});
