/** GET /v1/report/stat_column/{kind} → column descriptors (api-contract §8). */
import type { StatColumn } from '@portal/contracts/reports.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { useQuery } from '@tanstack/react-query';
import { currentLang } from '../../../lib/i18n.ts';
import { request } from '../../../lib/request.ts';

export type { ReportKind };

/** Fetches the columns of a report kind (titles in the request language). */
export function fetchStatColumns(kind: ReportKind): Promise<StatColumn[]> {
  return request<StatColumn[]>(`/v1/report/stat_column/${kind}`);
}

/** Column descriptors, refetched when the language changes. */
export function useStatColumns(kind: ReportKind) {
  const lang = currentLang();
  return useQuery({
    queryKey: ['stat_column', kind, lang],
    queryFn: () => fetchStatColumns(kind),
    staleTime: 30 * 60_000,
    retry: false,
  });
}
