/**
 * Countries of the generated demo traffic (api-contract §7 "country tiers with different eCPMs"):
 * ISO 3166-1 alpha-2 code, eCPM tier (1 high … 4 low), relative share of a typical app's traffic,
 * and an approximate UTC offset in hours for the local daily cycle.
 */
export type DemoGeo = { geo: string; tier: 1 | 2 | 3 | 4; weight: number; utcOffset: number };

export const demoGeos: DemoGeo[] = [
  // Tier 1: highest eCPM.
  { geo: 'US', tier: 1, weight: 16, utcOffset: -5 },
  { geo: 'JP', tier: 1, weight: 6, utcOffset: 9 },
  { geo: 'KR', tier: 1, weight: 3, utcOffset: 9 },
  { geo: 'GB', tier: 1, weight: 4, utcOffset: 0 },
  { geo: 'DE', tier: 1, weight: 4, utcOffset: 1 },
  { geo: 'AU', tier: 1, weight: 2, utcOffset: 10 },
  // Tier 2: upper middle.
  { geo: 'CA', tier: 2, weight: 2.5, utcOffset: -5 },
  { geo: 'FR', tier: 2, weight: 3, utcOffset: 1 },
  { geo: 'IT', tier: 2, weight: 2.2, utcOffset: 1 },
  { geo: 'ES', tier: 2, weight: 2, utcOffset: 1 },
  { geo: 'NL', tier: 2, weight: 1.2, utcOffset: 1 },
  { geo: 'SE', tier: 2, weight: 0.8, utcOffset: 1 },
  { geo: 'NO', tier: 2, weight: 0.5, utcOffset: 1 },
  { geo: 'CH', tier: 2, weight: 0.6, utcOffset: 1 },
  { geo: 'TW', tier: 2, weight: 1.5, utcOffset: 8 },
  { geo: 'HK', tier: 2, weight: 0.9, utcOffset: 8 },
  { geo: 'SG', tier: 2, weight: 0.7, utcOffset: 8 },
  { geo: 'AE', tier: 2, weight: 0.8, utcOffset: 4 },
  { geo: 'SA', tier: 2, weight: 1.4, utcOffset: 3 },
  { geo: 'IL', tier: 2, weight: 0.5, utcOffset: 2 },
  // Tier 3: middle.
  { geo: 'BR', tier: 3, weight: 8, utcOffset: -3 },
  { geo: 'MX', tier: 3, weight: 5, utcOffset: -6 },
  { geo: 'TR', tier: 3, weight: 4, utcOffset: 3 },
  { geo: 'RU', tier: 3, weight: 4, utcOffset: 3 },
  { geo: 'PL', tier: 3, weight: 1.5, utcOffset: 1 },
  { geo: 'AR', tier: 3, weight: 1.8, utcOffset: -3 },
  { geo: 'CL', tier: 3, weight: 0.9, utcOffset: -4 },
  { geo: 'CO', tier: 3, weight: 1.6, utcOffset: -5 },
  { geo: 'TH', tier: 3, weight: 2.5, utcOffset: 7 },
  { geo: 'MY', tier: 3, weight: 1.4, utcOffset: 8 },
  { geo: 'ZA', tier: 3, weight: 1, utcOffset: 2 },
  { geo: 'RO', tier: 3, weight: 0.7, utcOffset: 2 },
  { geo: 'CZ', tier: 3, weight: 0.6, utcOffset: 1 },
  { geo: 'PT', tier: 3, weight: 0.8, utcOffset: 0 },
  // Tier 4: lowest eCPM, large volumes.
  { geo: 'IN', tier: 4, weight: 12, utcOffset: 5.5 },
  { geo: 'ID', tier: 4, weight: 7, utcOffset: 7 },
  { geo: 'PH', tier: 4, weight: 4, utcOffset: 8 },
  { geo: 'VN', tier: 4, weight: 3.5, utcOffset: 7 },
  { geo: 'EG', tier: 4, weight: 2.5, utcOffset: 2 },
  { geo: 'PK', tier: 4, weight: 2.5, utcOffset: 5 },
  { geo: 'BD', tier: 4, weight: 2, utcOffset: 6 },
  { geo: 'NG', tier: 4, weight: 2, utcOffset: 1 },
  { geo: 'KE', tier: 4, weight: 0.8, utcOffset: 3 },
  { geo: 'MA', tier: 4, weight: 0.9, utcOffset: 1 },
  { geo: 'DZ', tier: 4, weight: 0.8, utcOffset: 1 },
  { geo: 'UA', tier: 4, weight: 1.2, utcOffset: 2 },
  { geo: 'PE', tier: 4, weight: 1, utcOffset: -5 },
  { geo: 'IQ', tier: 4, weight: 0.9, utcOffset: 3 },
];

/** Base eCPM in USD of a rewarded video impression per tier; other styles scale it down. */
export const tierEcpm: Record<DemoGeo['tier'], number> = { 1: 14, 2: 8, 3: 3.2, 4: 1.1 };
/** Base fill rate per tier. */
export const tierFill: Record<DemoGeo['tier'], number> = { 1: 0.9, 2: 0.82, 3: 0.72, 4: 0.58 };

/** Share of a day's traffic in each local hour 0–23: night trough, evening peak (sums to ~19.7). */
export const hourCurve = [
  0.45, 0.32, 0.24, 0.2, 0.2, 0.26, 0.42, 0.62, 0.78, 0.88, 0.94, 0.98, 1.04, 1.02, 1.0, 1.02, 1.06, 1.12,
  1.22, 1.34, 1.42, 1.38, 1.1, 0.76,
];

/**
 * Per ad style (spec §5: 1 Banner, 2 Interstitial, 3 Native, 6 Rewarded Video): request share within
 * an app, fill multiplier, impression rate, CTR and eCPM multiplier.
 */
export const styleShape: Record<
  number,
  { share: number; fill: number; ir: number; ctr: number; ecpm: number }
> = {
  1: { share: 1, fill: 1, ir: 0.92, ctr: 0.006, ecpm: 0.1 },
  2: { share: 0.5, fill: 0.9, ir: 0.76, ctr: 0.022, ecpm: 0.75 },
  3: { share: 0.7, fill: 0.94, ir: 0.85, ctr: 0.012, ecpm: 0.3 },
  6: { share: 0.35, fill: 0.86, ir: 0.68, ctr: 0.028, ecpm: 1 },
};
