/**
 * The query definitions of every report kind (spec §3 Report rows, api-contract §8): each catalogue
 * field of packages/contracts/reports-*.ts mapped to its SQL over the kind's fact table. Formulas:
 * fill_rate = response/request, impression_rate = impression/response, ctr = click/impression,
 * ecpm = revenue × 1000 / impression, win_rate = winning_bid/response, cvr = conversion/click; the
 * game step rates impression/entry, click/impression, in/click, begin/in; the app report's the same on its own names.
 */
import type { AffiliateDbSource } from '@portal/contracts/reports-affiliate.ts';
import { gameFunnelSteps } from '@portal/contracts/reports-game.ts';
import { affiliateFacts, gameFacts, gxFacts, rejectFacts, rtbFacts, sdkFacts } from './fact-tables.ts';
import { count, date, key, money, type QueryDef, rate } from './query-builder.ts';

/**
 * The ad funnel of the SDK, RTB and app reports: request → `response` (filled) → `impression` → click,
 * revenue; fill_rate, `<impression>_rate`, ctr and ecpm as ratios of sums.
 */
function adFunnel(response: string, impression: string): QueryDef['metrics'] {
  return {
    request: count('request'),
    [response]: count(response),
    fill_rate: rate(response, 'request'),
    [impression]: count(impression),
    [`${impression}_rate`]: rate(impression, response),
    click: count('click'),
    ctr: rate('click', impression),
    revenue: money('revenue'),
    ecpm: rate('revenue', impression, ' * 1000'),
  };
}

/**
 * The game centre funnel (api-contract §10): uv_ and pv_ counts of entry → impression → click → in →
 * begin, each step after the first with its rate over the step before (`<uv|pv>_<step>_rate`).
 */
function gameFunnel(): QueryDef['metrics'] {
  const out: QueryDef['metrics'] = {};
  gameFunnelSteps.forEach((step, i) => {
    for (const u of ['uv', 'pv']) out[`${u}_${step}`] = count(`${u}_${step}`);
    const prev = gameFunnelSteps[i - 1];
    if (prev) for (const u of ['uv', 'pv']) out[`${u}_${step}_rate`] = rate(`${u}_${step}`, `${u}_${prev}`);
  });
  return out;
}

const dtHourDesc: QueryDef['defaultOrder'] = [
  ['dt', 'desc'],
  ['hour', 'desc'],
];

export const sdkDef: QueryDef = {
  table: sdkFacts,
  dimensions: {
    dt: date(),
    hour: key('hour', '::INTEGER'),
    app_key: key('app_key'),
    placement_id: key('placement_id'),
    placement_name: key('placement_name'),
    ad_style: key('ad_style', '::INTEGER'),
    geo: key('geo'),
  },
  metrics: adFunnel('response', 'impression'),
  defaultOrder: dtHourDesc,
};

export const rtbDef: QueryDef = {
  table: rtbFacts,
  dimensions: {
    dt: date(),
    app_key: key('app_key'),
    placement_id: key('placement_id'),
    placement_name: key('placement_name'),
    placement_type: key('placement_type', '::INTEGER'),
    country: key('country'),
  },
  metrics: {
    ...adFunnel('response', 'impression'),
    winning_bid: count('winning_bid'),
    win_rate: rate('winning_bid', 'response'),
  },
  defaultOrder: [['dt', 'desc']],
};

const affiliateDimensions = {
  dt: date(),
  hour: key('hour', '::INTEGER'),
  channel: key('channel'),
  sub_channel: key('sub_channel'),
  offer_id: key('offer_id'),
  pkg_name: key('pkg_name'),
  geo: key('geo'),
};

/** Affiliate list of one `db_source`. */
export const affiliateDefs: Record<AffiliateDbSource, QueryDef> = {
  affiliate_2023: affiliateDef('affiliate_2023'),
  affiliate_2024: affiliateDef('affiliate_2024'),
};

function affiliateDef(source: AffiliateDbSource): QueryDef {
  return {
    table: affiliateFacts[source],
    dimensions: affiliateDimensions,
    metrics: {
      click: count('click'),
      conversion: count('conversion'),
      reject: count('reject'),
      cvr: rate('conversion', 'click'),
      revenue: money('revenue'),
    },
    defaultOrder: dtHourDesc,
  };
}

/** Reject Detail of one `db_source`: reasons by count. */
export const rejectDefs: Record<AffiliateDbSource, QueryDef> = {
  affiliate_2023: rejectDef('affiliate_2023'),
  affiliate_2024: rejectDef('affiliate_2024'),
};

function rejectDef(source: AffiliateDbSource): QueryDef {
  return {
    table: rejectFacts[source],
    dimensions: { reject_reason: key('reject_reason') },
    metrics: { reject_num: count('reject_num') },
    defaultOrder: [['reject_num', 'desc']],
  };
}

export const gameDef: QueryDef = {
  table: gameFacts,
  dimensions: {
    datepart: date('%Y-%m-%d'),
    app: key('pkg_name'),
    nation: key('nation'),
  },
  metrics: gameFunnel(),
  defaultOrder: [['datepart', 'desc']],
};

export const gxDef: QueryDef = {
  table: gxFacts,
  dimensions: {
    dt: date('%Y-%m-%d'),
    pkg_name: key('pkg_name'),
    ad_placement_id: key('ad_placement_id'),
    ad_format: key('ad_format', '::INTEGER'),
    geo: key('geo'),
  },
  metrics: adFunnel('fill', 'imp'),
  defaultOrder: [['dt', 'desc']],
};
