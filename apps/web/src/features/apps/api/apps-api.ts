/**
 * App endpoints (spec §7 Apps; contracts apps.ts): one hook or function per endpoint. Failures are
 * already shown by the request client; mutations invalidate the app list.
 */
import type { AppAdsList, AppAdsState, AppAdsWebsiteBody } from '@portal/contracts/app-ads.ts';
import type {
  AppCreateBody,
  AppItem,
  AppListData,
  AppListQuery,
  AppOption,
  Industry,
  ProfitCenter,
  PublisherCompany,
  StatusBody,
} from '@portal/contracts/apps.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** `GET /v1/app`: one page. */
export function useAppList(
  query: AppListQuery & { page_no: number; page_size: number; audit_status?: number },
) {
  return useQuery({
    queryKey: ['apps', 'list', query],
    queryFn: () => request<AppListData>('/v1/app', { query }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/app/list`: the options of the ad slot dialog. */
export function useAppOptions() {
  return useQuery({ queryKey: ['apps', 'options'], queryFn: () => request<AppOption[]>('/v1/app/list') });
}

/** `GET /v1/industry`: the two-level categories. */
export function useIndustries() {
  return useQuery({
    queryKey: ['industry'],
    queryFn: () => request<Industry[]>('/v1/industry'),
    staleTime: 3600_000,
  });
}

/** `GET /v1/ops/company/list` with is_publisher 1, cooperation_types [1] (operations only). */
export function usePublisherCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['ops', 'companies'],
    queryFn: () =>
      request<PublisherCompany[]>('/v1/ops/company/list', {
        query: { is_publisher: 1, cooperation_types: '[1]' },
      }),
    enabled,
  });
}

/** `GET /v1/ops/profit_center` (operations only). */
export function useProfitCenters(enabled: boolean) {
  return useQuery({
    queryKey: ['ops', 'profit_centers'],
    queryFn: () => request<ProfitCenter[]>('/v1/ops/profit_center'),
    enabled,
  });
}

/** `GET /v1/app/channel_name_exist` (`id` when editing; `publisher_id` for operations creating). */
export async function appNameExists(app_name: string, id?: number, publisher_id?: number): Promise<boolean> {
  return (
    await request<{ exist: boolean }>('/v1/app/channel_name_exist', { query: { app_name, id, publisher_id } })
  ).exist;
}

/** `GET /v1/app/pkg_exist` (`id` when editing). */
export async function packageExists(package_name: string, id?: number): Promise<boolean> {
  return (await request<{ exist: boolean }>('/v1/app/pkg_exist', { query: { package_name, id } })).exist;
}

/** `GET /v1/app/urlvalid`: the server's store address check (`data.result`). */
export async function storeAddressValid(url: string, is_online: number, package_name: string, id?: number) {
  return (
    await request<{ result: boolean }>('/v1/app/urlvalid', { query: { url, is_online, package_name, id } })
  ).result;
}

/** Invalidates every app and ad slot query after a change. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['apps'] }),
      client.invalidateQueries({ queryKey: ['adpos'] }),
    ]);
}

/** `POST /v1/app` or `PUT /v1/app` (when `id` is set). */
export function useSaveApp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AppCreateBody & { id?: number }) =>
      request<AppItem>('/v1/app', { method: body.id === undefined ? 'POST' : 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** `PUT /v1/app/status`. */
export function useAppStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StatusBody) => request<AppItem>('/v1/app/status', { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** `DELETE /v1/app` with id and status −1. */
export function useDeleteApp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => request<null>('/v1/app', { method: 'DELETE', body: { id, status: -1 } }),
    onSuccess: invalidate,
  });
}

/** `GET /v1/app/app_ads_txt/list`: the app-ads.txt state of every app within reach, by app id. */
export function useAppAdsStates(enabled = true) {
  return useQuery({
    queryKey: ['apps', 'app-ads'],
    queryFn: async () => (await request<AppAdsList>('/v1/app/app_ads_txt/list')).list,
    enabled,
  });
}

/** `PUT /v1/app/app_ads_txt`: sets or removes an app's developer website. */
export function useSaveDeveloperWebsite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppAdsWebsiteBody) =>
      request<AppAdsState>('/v1/app/app_ads_txt', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apps', 'app-ads'] }),
  });
}

/** `POST /v1/app/app_ads_txt/check`: checks now, answers the new state. */
export function useCheckAppAds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (app_id: number) =>
      request<AppAdsState>('/v1/app/app_ads_txt/check', { method: 'POST', body: { app_id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apps', 'app-ads'] }),
  });
}
