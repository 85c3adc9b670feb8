/**
 * GET /v1/report/stat_column/{kind} → column descriptors (api-contract §8). Until the server answers,
 * the catalogue the contracts carry (the very one the server serves) stands in, so the first list
 * request does not wait for this one (issue 11); the server's answer then replaces it.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import type { StatColumn } from '@portal/contracts/reports.ts';
import { type ReportKind, reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { currentLang } from '@/lib/i18n.ts';
import { nextPaint } from '@/lib/use-after-paint.ts';

export type { ReportKind };

/** Fetches the columns of a report kind (titles in the request language). */
export function fetchStatColumns(kind: ReportKind): Promise<StatColumn[]> {
  return callEndpoint(reportsEndpoints.statColumns, { params: { kind } });
}

/** The contracts' catalogue of `kind` with titles in `lang`: what stat_column answers for it. */
export function catalogueColumns(kind: ReportKind, lang: Lang): StatColumn[] {
  return reportCatalogues[kind].map((c) => ({ ...c, title: c.title[lang] }));
}

/**
 * Column descriptors, refetched when the language changes. The contracts' catalogue is the cached
 * data until the server answers (`initialData`, dated 0 so it is asked for at once): an answer equal
 * to it keeps the same objects (TanStack's structural sharing), so the report does not render again
 * for it while its first rows are being shown (issue 11: Total Blocking Time).
 */
export function useStatColumns(kind: ReportKind) {
  const lang = currentLang();
  return useQuery({
    queryKey: ['stat_column', kind, lang],
    // the server's copy of the catalogue shown meanwhile: asked for once the report has been painted
    queryFn: () => nextPaint().then(() => fetchStatColumns(kind)),
    initialData: () => catalogueColumns(kind, lang),
    initialDataUpdatedAt: 0,
    staleTime: 30 * 60_000,
    retry: false,
  });
}
