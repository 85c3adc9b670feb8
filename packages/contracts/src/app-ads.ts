/**
 * app-ads.txt (issue 27 item 3; IAB Tech Lab app-ads.txt 1.0, which uses the ads.txt 1.0.x format):
 * each app may name its developer website; the portal shows the line the publisher must add to
 * `https://<domain>/app-ads.txt` and checks that file daily and on demand.
 *
 * The line: `<network domain>, <publisher account ID>, DIRECT, <certification authority ID>`, the
 * domain and the certification authority ID from server configuration (APP_ADS_DOMAIN,
 * APP_ADS_CERT_ID), the publisher account ID the organisation's id (its account with the network).
 *
 * Statuses of a check:
 * - `found`: a record with the network's domain, the account ID, DIRECT and (when given) the
 *   certification authority ID;
 * - `line_wrong`: records with the network's domain exist, none of them right (another account ID,
 *   RESELLER, another certification authority ID);
 * - `line_missing`: the file holds no record of the network's domain;
 * - `file_missing`: the site answers 4xx, or an HTML page, for /app-ads.txt;
 * - `unreachable`: no answer within 10 s, DNS failure, 5xx, a redirect loop or out of the domain, or
 *   an address the crawler refuses (private, loopback, link-local, metadata).
 *
 * Routes (session; app within reach as for every app route: 67 own organisation, 70 all):
 * - `GET  /v1/app/app_ads_txt`        query `{ app_id }` → `appAdsState`
 * - `PUT  /v1/app/app_ads_txt`        body `appAdsWebsiteBody` → `appAdsState` (604 bad website)
 * - `POST /v1/app/app_ads_txt/check`  body `{ app_id }` → `appAdsState` after a check (10151 without
 *   a website)
 * - `GET  /v1/app/app_ads_txt/list`   → `{ list: appAdsState[] }`, every live app within reach
 */
import { z } from 'zod';
import type { Lang } from './codes.ts';

export const appAdsStatuses = ['found', 'line_missing', 'line_wrong', 'file_missing', 'unreachable'] as const;
export type AppAdsStatus = (typeof appAdsStatuses)[number];

/** Longest developer website accepted. */
export const DEVELOPER_WEBSITE_MAX = 500;

/** The line the publisher adds, fields joined by ", " (ads.txt 1.0.x record syntax). */
export function appAdsLine(domain: string, publisherId: string, certId: string): string {
  return [domain, publisherId, 'DIRECT', certId].filter(Boolean).join(', ');
}

export const appAdsText = {
  badWebsite: {
    zh: '请输入以 http:// 或 https:// 开头的网站地址，如 https://example.com',
    en: 'Enter a website address starting with http:// or https://, e.g. https://example.com',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export const appIdQuery = z.object({
  app_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export const appIdBody = z.object({
  app_id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** `developer_website` empty or null removes it (and the checks). */
export const appAdsWebsiteBody = appIdBody.extend({
  developer_website: z.string().max(2000).nullable(),
});
export type AppAdsWebsiteBody = z.infer<typeof appAdsWebsiteBody>;

export const appAdsState = z.object({
  app_id: z.number().int(),
  app_name: z.string(),
  developer_website: z.string().nullable(),
  /** The domain crawled (the website's registrable domain); null without a website. */
  domain: z.string().nullable(),
  /** Where the file is looked for. */
  url: z.string().nullable(),
  /** The exact line to add. */
  line: z.string(),
  status: z.enum(appAdsStatuses).nullable(),
  /** A short reason in English (e.g. "HTTP 404", "redirect loop"). */
  detail: z.string().nullable(),
  /** ISO 8601; null when never checked. */
  checked_at: z.string().nullable(),
});
export type AppAdsState = z.infer<typeof appAdsState>;
export const appAdsList = z.object({ list: z.array(appAdsState) });
export type AppAdsList = z.infer<typeof appAdsList>;
