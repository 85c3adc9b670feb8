/**
 * Audience regions of the home page: ISO 3166-1 alpha-2 codes grouped by continent after the UN M49
 * geoscheme (Kosovo, XK, with Europe). Antarctica has no audience and is left out; a code the list does
 * not know falls into `other`, so a country the server adds is never dropped.
 */
export const regionIds = ['asia', 'europe', 'americas', 'africa', 'oceania', 'other'] as const;

export type RegionId = (typeof regionIds)[number];

const codesByRegion: Record<Exclude<RegionId, 'other'>, string> = {
  asia:
    'KZ KG TJ TM UZ CN HK MO KP JP MN KR TW BN KH ID LA MY MM PH SG TH TL VN AF BD BT IN IR MV NP PK LK ' +
    'AM AZ BH CY GE IQ IL JO KW LB OM PS QA SA SY TR AE YE',
  europe:
    'BY BG CZ HU PL MD RO RU SK UA AX DK EE FO FI GG IS IE IM JE LV LT NO SJ SE GB AL AD BA HR GI GR VA IT ' +
    'MT ME MK PT SM RS SI ES XK AT BE FR DE LI LU MC NL CH',
  americas:
    'AI AG AW BS BB BQ VG KY CU CW DM DO GD GP HT JM MQ MS PR BL KN LC MF VC SX TT TC VI BZ CR SV GT HN MX ' +
    'NI PA AR BO BV BR CL CO EC FK GF GY PY PE GS SR UY VE BM CA GL PM US',
  africa:
    'DZ EG LY MA SD TN EH IO BI KM DJ ER ET KE MG MW MU YT MZ RE RW SC SO SS TF UG TZ ZM ZW AO CM CF TD CG ' +
    'CD GQ GA ST BW SZ LS NA ZA BJ BF CV CI GM GH GN GW LR ML MR NE NG SH SN SL TG',
  oceania: 'AU NZ NF HM CX CC FJ NC PG SB VU GU KI MH FM NR MP PW UM AS CK PF NU PN WS TK TO TV WF',
};

/** Codes shown nowhere (no audience). */
const excluded = new Set(['AQ']);

const regionOf = new Map<string, RegionId>(
  Object.entries(codesByRegion).flatMap(([region, codes]) =>
    codes.split(' ').map((code) => [code, region as RegionId] as const),
  ),
);

/** The region of an alpha-2 code: `other` when unknown, undefined when excluded. */
export function regionFor(code: string): RegionId | undefined {
  const upper = code.toUpperCase();
  if (excluded.has(upper)) return undefined;
  return regionOf.get(upper) ?? 'other';
}

/** Groups items by region, keeping their order within a region; empty regions are left out. */
export function groupByRegion<T extends { country_code: string }>(items: T[]): [RegionId, T[]][] {
  const groups = new Map<RegionId, T[]>(regionIds.map((r) => [r, []]));
  for (const item of items) {
    const region = regionFor(item.country_code);
    if (region) groups.get(region)?.push(item);
  }
  return [...groups].filter(([, list]) => list.length > 0);
}
