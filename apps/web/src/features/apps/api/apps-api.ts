/**
 * App endpoints (spec §7 Apps; contracts apps.ts): one hook or function per endpoint. Failures are
 * already shown by the request client; mutations invalidate the app list.
 */
import type { AppAdsWebsiteBody } from '@portal/contracts/app-ads.ts';
import type { AppCreateBody, AppListQuery, StatusBody } from '@portal/contracts/apps.ts';
import { appAdsEndpoints } from '@portal/contracts/endpoints/app-ads.ts';
import { appsEndpoints } from '@portal/contracts/endpoints/apps.ts';
import { catalogueEndpoints } from '@portal/contracts/endpoints/catalogue.ts';
import { opsEndpoints } from '@portal/contracts/endpoints/ops.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

/** `GET /v1/app`: one page. */
export function useAppList(
  query: AppListQuery & { page_no: number; page_size: number; audit_status?: number },
) {
  return useQuery({
    queryKey: ['apps', 'list', query],
    queryFn: () => callEndpoint(appsEndpoints.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/app/list`: the options of the ad slot dialog. */
export function useAppOptions() {
  return useQuery({ queryKey: ['apps', 'options'], queryFn: () => callEndpoint(appsEndpoints.options) });
}

/** `GET /v1/industry`: the two-level categories. */
export function useIndustries() {
  return useQuery({
    queryKey: ['industry'],
    queryFn: () => callEndpoint(catalogueEndpoints.industries),
    staleTime: 3600_000,
  });
}

/** `GET /v1/ops/company/list` with is_publisher 1, cooperation_types [1] (operations only). */
export function usePublisherCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['ops', 'companies'],
    queryFn: () =>
      callEndpoint(opsEndpoints.companies, { query: { is_publisher: 1, cooperation_types: '[1]' } }),
    enabled,
  });
}

/** `GET /v1/ops/profit_center` (operations only). */
export function useProfitCenters(enabled: boolean) {
  return useQuery({
    queryKey: ['ops', 'profit_centers'],
    queryFn: () => callEndpoint(opsEndpoints.profitCenters),
    enabled,
  });
}

/** `GET /v1/app/channel_name_exist` (`id` when editing; `publisher_id` for operations creating). */
export async function appNameExists(app_name: string, id?: number, publisher_id?: number): Promise<boolean> {
  return (await callEndpoint(appsEndpoints.nameExists, { query: { app_name, id, publisher_id } })).exist;
}

/** `GET /v1/app/pkg_exist` (`id` when editing). */
export async function packageExists(package_name: string, id?: number): Promise<boolean> {
  return (await callEndpoint(appsEndpoints.packageExists, { query: { package_name, id } })).exist;
}

/** `GET /v1/app/urlvalid`: the server's store address check (`data.result`). */
export async function storeAddressValid(url: string, is_online: number, package_name: string, id?: number) {
  return (await callEndpoint(appsEndpoints.urlValid, { query: { url, is_online, package_name, id } })).result;
}

/** Invalidates every app and ad slot query after a change. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['apps'] }),
      client.invalidateQueries({ queryKey: ['placements'] }),
    ]);
}

/** `POST /v1/app` or `PUT /v1/app` (when `id` is set). */
export function useSaveApp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: AppCreateBody & { id?: number }) =>
      id === undefined
        ? callEndpoint(appsEndpoints.create, { body })
        : callEndpoint(appsEndpoints.update, { body: { ...body, id } }),
    onSuccess: invalidate,
  });
}

/** `PUT /v1/app/status`. */
export function useAppStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StatusBody) => callEndpoint(appsEndpoints.setStatus, { body }),
    onSuccess: invalidate,
  });
}

/** `DELETE /v1/app` with id and status −1. */
export function useDeleteApp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(appsEndpoints.remove, { body: { id, status: -1 } }),
    onSuccess: invalidate,
  });
}

/** `GET /v1/app/app_ads_txt/list`: the app-ads.txt state of every app within reach, by app id. */
export function useAppAdsStates(enabled = true) {
  return useQuery({
    queryKey: ['apps', 'app-ads'],
    queryFn: async () => (await callEndpoint(appAdsEndpoints.list)).list,
    enabled,
  });
}

/** `PUT /v1/app/app_ads_txt`: sets or removes an app's developer website. */
export function useSaveDeveloperWebsite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppAdsWebsiteBody) => callEndpoint(appAdsEndpoints.setWebsite, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apps', 'app-ads'] }),
  });
}

/** `POST /v1/app/app_ads_txt/check`: checks now, answers the new state. */
export function useCheckAppAds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (app_id: number) => callEndpoint(appAdsEndpoints.check, { body: { app_id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apps', 'app-ads'] }),
  });
}
