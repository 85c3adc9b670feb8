/**
 * Endpoints of appAds (server: modules/app-ads/routes.ts).
 */
import { appAdsList, appAdsState, appAdsWebsiteBody, appIdBody, appIdQuery } from '../app-ads.ts';
import { defineEndpoint } from './define.ts';

export const appAdsEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: '/v1/app/app_ads_txt',
    caller: 'session',
    query: appIdQuery,
    data: appAdsState,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/app/app_ads_txt/list',
    caller: 'session',
    data: appAdsList,
  }),
  setWebsite: defineEndpoint({
    method: 'PUT',
    path: '/v1/app/app_ads_txt',
    caller: 'session',
    body: appAdsWebsiteBody,
    data: appAdsState,
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/v1/app/app_ads_txt/check',
    caller: 'session',
    body: appIdBody,
    data: appAdsState,
  }),
};
