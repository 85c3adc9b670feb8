/**
 * Filter and paging state of a list page. `draft` is what the filter inputs show; `params` is what
 * the list asks for: typed text follows the draft after 500 ms (spec §9 search debounce), a select
 * applies at once (`set(..., true)`), Search applies the draft now and Reset the defaults. Every
 * filter change goes back to page 1. Strings are trimmed and empty values dropped from `params`.
 */
import { DEFAULT_PAGE_SIZE } from '@portal/contracts/constants.ts';
import { useEffect, useState } from 'react';

export type FilterValue = string | number | null | undefined;
export type FilterValues = Record<string, FilterValue>;
export type Paging = { no: number; size: number };

export type ListState<F extends FilterValues> = {
  /** What the filter inputs show. */
  draft: F;
  /** Applied filters (trimmed, empty ones dropped) plus page_no and page_size: the list query. */
  params: Partial<F> & { page_no: number; page_size: number };
  page: Paging;
  /** Changes one filter and goes to page 1; `immediate` skips the debounce (selects, route params). */
  set: <K extends keyof F>(name: K, value: F[K], immediate?: boolean) => void;
  /** Applies the draft now; false when the query is unchanged (the caller then reloads it). */
  search: () => boolean;
  /** Back to the defaults on page 1; false when the query is unchanged. */
  reset: () => boolean;
  /** Another page, or another page size (which restarts at page 1). */
  setPage: (no: number, size: number) => void;
};

function clean<F extends FilterValues>(values: F): Partial<F> {
  const out: Partial<F> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '' && value !== null && value !== undefined) out[k as keyof F] = value as F[keyof F];
  }
  return out;
}

function same(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The state; `initial` overrides the defaults on the first render (e.g. from the URL). */
export function useListState<F extends FilterValues>(
  defaults: F,
  initial: Partial<F> = {},
  debounceMs = 500,
): ListState<F> {
  const [draft, setDraft] = useState<F>(() => ({ ...defaults, ...initial }));
  const [applied, setApplied] = useState<F>(draft);
  const [page, setPageState] = useState<Paging>({ no: 1, size: DEFAULT_PAGE_SIZE });

  useEffect(() => {
    if (same(draft, applied)) return;
    const timer = setTimeout(() => setApplied(draft), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, applied, debounceMs]);

  const firstPage = () => setPageState((p) => (p.no === 1 ? p : { ...p, no: 1 }));
  const apply = (next: F): boolean => {
    const changed = !same(clean(next), clean(applied)) || page.no !== 1;
    setDraft(next);
    setApplied(next);
    firstPage();
    return changed;
  };

  return {
    draft,
    params: { ...clean(applied), page_no: page.no, page_size: page.size },
    page,
    set: (name, value, immediate = false) => {
      const next = { ...draft, [name]: value };
      setDraft(next);
      if (immediate) setApplied(next);
      firstPage();
    },
    search: () => apply(draft),
    reset: () => apply({ ...defaults }),
    setPage: (no, size) => setPageState((p) => ({ no: size === p.size ? no : 1, size })),
  };
}
