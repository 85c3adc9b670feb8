/** Business constants of product-spec §9 and api-contract §6–8. */

export const PLAT_TYPE = 4;

/** Role ids (spec §6): 70 network operations, 67 organisation super admin, 68 member. */
export const Role = { OPS: 70, ADMIN: 67, MEMBER: 68 } as const;

/** User statuses (spec §3). */
export const UserStatus = { ACTIVE: 1, INACTIVE: 2, APPLICATION: 3, DELETED: -1 } as const;

/** `company_status` of the login answer (api-contract §6). */
export const CompanyStatus = { NONE: 0, ACTIVE: 1, PENDING: 3 } as const;

/** Data permission types (spec §6): 3 SDK app keys, 4 RTB channels, 5 affiliate channels. */
export const DataPermissionType = { SDK: 3, RTB: 4, AFFILIATE: 5 } as const;

/** Publisher types of `/v1/user/channels` (spec §6). */
export const PublisherType = { SDK: 1, RTB: 2, AFFILIATE: 3 } as const;

/** Cooperation types (spec §6): 1 SDK, 4 affiliate. */
export const CooperationType = { SDK: 1, AFFILIATE: 4 } as const;

/** Audit status of apps and ad slots (spec §4, §9). */
export const AuditStatus = { REVIEW: 1, ACTIVE: 2, FROZEN: 3, DELETED: -1 } as const;

/** Ad styles (spec §5). */
export const AdStyle = { BANNER: 1, INTERSTITIAL: 2, NATIVE: 3, REWARDED_VIDEO: 6 } as const;

/** Platforms (spec §3). */
export const Platform = { ANDROID: 1, IOS: 2 } as const;

/** Earliest report dates, yyyyMMdd (spec §5). */
export const EARLIEST_REPORT_DATE = '20230725';
export const EARLIEST_NEW_AFFILIATE_DATE = '20240101';
/** Longest report range, days inclusive (spec §9). */
export const MAX_REPORT_DAYS = 90;

/** Default page sizes (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
export const GX_PAGE_SIZE = 50;

/** Session lifetime, ms (spec §9: token cookie 7 days; api-contract §6). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
