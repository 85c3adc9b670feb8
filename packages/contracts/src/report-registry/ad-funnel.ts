/**
 * The ad funnel's metrics, shared by the SDK and RTB reports (spec §3 Report rows): request → response
 * (fill) → impression → click, with revenue; rates are ratios of sums over the group, eCPM is revenue
 * × 1000 / impressions. One definition each, so both reports title, type and compute them alike; RTB
 * puts its bids between the head and the tail.
 */
import { metric } from './define-report.ts';

/** The funnel before any bidding: requests, responses (fills) and the fill rate, in column order. */
export const adFunnelHead = [
  metric('request', 'int', '请求数', 'Requests', { sum: 'request' }),
  metric('response', 'int', '填充数', 'Responses', { sum: 'response' }),
  metric('fill_rate', 'percent', '填充率', 'Fill rate', { ratio: ['response', 'request'] }),
] as const;

/** The funnel from impressions on (impressions, their rate, clicks, CTR, revenue, eCPM), in column order. */
export const adFunnelTail = [
  metric('impression', 'int', '展示数', 'Impressions', { sum: 'impression' }),
  metric('impression_rate', 'percent', '展示率', 'Impression rate', { ratio: ['impression', 'response'] }),
  metric('click', 'int', '点击数', 'Clicks', { sum: 'click' }),
  metric('ctr', 'percent', '点击率', 'CTR', { ratio: ['click', 'impression'] }),
  metric('revenue', 'money', '收入 ($)', 'Revenue ($)', { sum: 'revenue' }),
  metric('ecpm', 'money', 'eCPM ($)', 'eCPM ($)', { ratio: ['revenue', 'impression'], scale: 1000 }),
] as const;
