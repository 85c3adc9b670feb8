/**
 * Issue 5's invariants for every report kind (sdk, rtb, affiliate 2023 and 2024, game, app report),
 * one table of cases rather than a copy per kind:
 * - the totals row equals an independent SQL sum over the facts of the caller's scope (the hourly
 *   table where the kind has one, so the rollup the API reads is checked too);
 * - every exporting kind's XLSX and CSV hold exactly the rows of the paged list, in order;
 * - another organisation sees none of the rows, even when it asks for them by name.
 *
 * The fixture gives both organisations every kind: Demo Games an RTB network and Other Media an
 * affiliate channel (network channels that have facts), and APP_REPORT_COMPANY_IDS both companies.
 */
import { CooperationType, DataPermissionType } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companies, companyChannels } from '../../db/schema/organisations.ts';
import { demoAffiliateChannels, demoRtbChannels } from '../../demo/accounts.ts';
import { dialects } from '../../reports/sql-dialect.ts';
import { type ReportParams, streamColumns } from '../../reports/store.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { reportSuiteTimeout, testStorePairs } from '../../test/test-app.ts';
import { xlsxShown } from '../../test/xlsx-shown.ts';

type Cell = string | number | null;
type Row = Record<string, unknown>;
type Who = 'demo' | 'other';
type Caller = Who | 'ops';
const cell = z.union([z.string(), z.number(), z.null()]);
/** A list answer as these checks read it (each kind's list entry answers at least this), parsed. */
const listBody = z.object({
  code: z.number().int(),
  data: z.object({
    list: z.array(z.record(z.string(), z.unknown())),
    count: z.number().int(),
    total: z.record(z.string(), cell),
  }),
});

const START = '20260101';
const dash = (s: string) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;
/** Channels given to the organisation that has none of the kind, after the facts are generated. */
const DEMO_RTB = 'OpenBid Exchange';
const OTHER_AFFILIATE = 'Zentrix Media';

/** One report kind as the tests see it. */
type KindCase = {
  name: string;
  list: string;
  export?: string;
  /** The kind's date and paging parameters plus fixed ones (db_source). */
  query: (page: number, size: number) => Record<string, string | number>;
  /** Fields asked for, in the kind's own parameters. */
  fields: Record<string, string>;
  /** The facts the independent sums read and the column scope filters on. */
  facts: string;
  scopeColumn: 'app_key' | 'channel';
  /** A shown dimension identifying whose a row is, and its fact column. */
  rowKey: { field: string; column: string; value: (row: Row) => string };
  /** The filter naming the owner's rows: by its row keys or its scope values. */
  ask: (rowKeys: string[], scopeValues: string[]) => Record<string, string>;
  counters: string[];
  money?: string;
  /** rate field → [numerator, denominator, factor]. */
  rates: Record<string, [string, string, number]>;
  owner: Who;
  intruder: Who;
  /** The export's columns, in order: list fields (`app` as its name); XLSX shows them labelled. */
  cells?: string[];
};

const dtRange = { dt: `${START},${YESTERDAY}` };
const dashedRange = { start_date: dash(START), end_date: dash(YESTERDAY) };
const sdkRates: KindCase['rates'] = {
  fill_rate: ['response', 'request', 1],
  impression_rate: ['impression', 'response', 1],
  ctr: ['click', 'impression', 1],
  ecpm: ['revenue', 'impression', 1000],
};
const pageIndex = (page: number, size: number) => ({ page_index: page, page_size: size });
const pageNo = (page: number, size: number) => ({ page_no: page, page_size: size });

const affiliateCase = (source: 'affiliate_2023' | 'affiliate_2024'): KindCase => ({
  name: source,
  list: '/v1/report/list/affiliate',
  export: '/v1/report/export/affiliate',
  query: (page, size) => ({ ...dtRange, db_source: source, ...pageIndex(page, size) }),
  fields: { fields: 'dt,hour,channel,offer_id,click,cvr,revenue' },
  facts: `${source}_hourly`,
  scopeColumn: 'channel',
  rowKey: { field: 'channel', column: 'channel', value: (r) => String(r.channel) },
  ask: (_, v) => ({ channel: v.join(',') }),
  counters: ['click', 'conversion', 'reject'],
  money: 'revenue',
  rates: { cvr: ['conversion', 'click', 1] },
  owner: 'demo',
  intruder: 'other',
  cells: 'dt,hour,channel,offer_id,click,cvr,revenue'.split(','),
});

const gameFields = 'datepart,app,nation';
const gameMetrics = 'uv_entry,uv_impression_rate,uv_click,uv_click_rate,pv_in_rate';

const cases: KindCase[] = [
  {
    name: 'sdk',
    list: '/v1/report/list/sdk',
    export: '/v1/report/export/sdk',
    query: (page, size) => ({ ...dtRange, ...pageIndex(page, size) }),
    fields: { fields: 'dt,app_key,geo,request,fill_rate,revenue,ecpm' },
    facts: 'sdk_hourly',
    scopeColumn: 'app_key',
    rowKey: { field: 'app_key', column: 'app_key', value: (r) => String(r.app_key) },
    ask: (_, v) => ({ app_key: v.join(',') }),
    counters: ['request', 'response', 'impression', 'click'],
    money: 'revenue',
    rates: sdkRates,
    owner: 'demo',
    intruder: 'other',
    cells: ['dt', 'app_key', 'app_name', 'geo', 'request', 'fill_rate', 'revenue', 'ecpm'],
  },
  {
    name: 'rtb',
    list: '/v1/report/list/rtb',
    export: '/v1/report/export/rtb',
    query: (page, size) => ({ ...dtRange, ...pageIndex(page, size) }),
    fields: { fields: 'dt,app_key,placement_name,country,request,win_rate,revenue' },
    facts: 'rtb_daily',
    scopeColumn: 'channel',
    rowKey: { field: 'app_key', column: 'app_key', value: (r) => String(r.app_key) },
    ask: (_, v) => ({ channel: v[0] ?? '' }),
    counters: ['request', 'response', 'winning_bid', 'impression', 'click'],
    money: 'revenue',
    rates: {
      fill_rate: ['response', 'request', 1],
      win_rate: ['winning_bid', 'response', 1],
      impression_rate: ['impression', 'response', 1],
      ctr: ['click', 'impression', 1],
      ecpm: ['revenue', 'impression', 1000],
    },
    owner: 'other',
    intruder: 'demo',
    // The server adds the app name after the key (null for the bidder-side keys of the demo).
    cells: ['dt', 'app_key', 'app_name', 'placement_name', 'country', 'request', 'win_rate', 'revenue'],
  },
  affiliateCase('affiliate_2023'),
  affiliateCase('affiliate_2024'),
  {
    name: 'game',
    list: '/v1/report/list/game/sdk',
    export: '/v1/report/list/game/sdk/export',
    query: (page, size) => ({ ...dashedRange, ...pageNo(page, size) }),
    fields: { data_dimension: gameFields, data_metrics: gameMetrics },
    facts: 'game_daily',
    scopeColumn: 'app_key',
    rowKey: { field: 'app', column: 'pkg_name', value: (r) => (r.app as { pkg_name: string }).pkg_name },
    ask: (pkgs) => ({ pkg_name: pkgs.join(',') }),
    counters: [
      'uv_entry',
      'pv_entry',
      'uv_impression',
      'pv_impression',
      'uv_click',
      'pv_click',
      'uv_in',
      'pv_in',
      'uv_begin',
      'pv_begin',
    ],
    // The five-step funnel of api-contract §10: four step rates, each over the step before.
    rates: {
      uv_impression_rate: ['uv_impression', 'uv_entry', 1],
      pv_impression_rate: ['pv_impression', 'pv_entry', 1],
      uv_click_rate: ['uv_click', 'uv_impression', 1],
      pv_click_rate: ['pv_click', 'pv_impression', 1],
      uv_in_rate: ['uv_in', 'uv_click', 1],
      pv_in_rate: ['pv_in', 'pv_click', 1],
      uv_begin_rate: ['uv_begin', 'uv_in', 1],
      pv_begin_rate: ['pv_begin', 'pv_in', 1],
    },
    owner: 'demo',
    intruder: 'other',
    cells: ['datepart', 'app', 'nation', ...gameMetrics.split(',')],
  },
  {
    name: 'gx',
    list: '/gx/report/list',
    query: (page, size) => ({ ...dashedRange, ...pageNo(page, size) }),
    fields: {},
    facts: 'gx_daily',
    scopeColumn: 'app_key',
    rowKey: { field: 'pkg_name', column: 'pkg_name', value: (r) => String(r.pkg_name) },
    ask: (pkgs) => ({ pkg_name: pkgs.join(',') }),
    counters: ['request', 'fill', 'imp', 'click'],
    money: 'revenue',
    rates: {
      fill_rate: ['fill', 'request', 1],
      imp_rate: ['imp', 'fill', 1],
      ctr: ['click', 'imp', 1],
      ecpm: ['revenue', 'imp', 1000],
    },
    owner: 'demo',
    intruder: 'other',
  },
];

/** A CSV document (RFC 4180, CRLF rows, optional BOM) as rows of strings. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && s[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** The rows of the first sheet, each cell as read (missing cells as null). */
async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const out: unknown[][] = [];
  // exceljs's columnCount walks every row: read it once, not once per cell (quadratic: ~5 s a sheet).
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).value ?? null);
    out.push(cells);
  });
  return out;
}

describe.each(testStorePairs)(
  'report invariants of every kind on %s + %s',
  (db, reportStore) => {
    let f: ReportFixture;
    /** Scope values (app keys or channels) per organisation and scope column. */
    const scope: Record<Who, Record<'app_key' | 'channel', string[]>> = {
      demo: { app_key: [], channel: [] },
      other: { app_key: [], channel: [] },
    };

    beforeAll(async () => {
      // A fresh database numbers the demo companies 1 Demo Games, 2 Other Media, 3 operations (checked).
      f = await createReportFixture(db, { APP_REPORT_COMPANY_IDS: '1,2,3' }, reportStore);
      const byName = async (name: string) =>
        (await f.app.db.select().from(companies).where(eq(companies.company_name, name)))[0];
      const [demoCo, otherCo] = [await byName('Demo Games'), await byName('Other Media')];
      if (demoCo?.id !== 1 || otherCo?.id !== 2) throw new Error('unexpected demo company ids');
      await f.app.db.insert(companyChannels).values([
        { company_id: demoCo.id, type: DataPermissionType.RTB, name: DEMO_RTB },
        { company_id: otherCo.id, type: DataPermissionType.AFFILIATE, name: OTHER_AFFILIATE },
      ]);
      await f.app.db
        .update(companies)
        .set({ cooperation_types: [CooperationType.SDK, CooperationType.AFFILIATE] })
        .where(eq(companies.id, otherCo.id));
      scope.demo = {
        app_key: await f.keysOf('Demo Games'),
        channel: [...demoAffiliateChannels, DEMO_RTB],
      };
      scope.other = {
        app_key: await f.keysOf('Other Media'),
        channel: [...demoRtbChannels, OTHER_AFFILIATE],
      };
    }, 300_000);
    afterAll(async () => f?.close());

    const get = (url: string, who: Caller, query: Record<string, string | number>) =>
      f.app.inject({
        method: 'GET',
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: { token: f.tokens[who], 'accept-language': 'en' },
      });
    const list = async (k: KindCase, who: Who, page: number, size: number, extra = {}) => {
      const body = listBody.parse(
        (await get(k.list, who, { ...k.query(page, size), ...k.fields, ...extra })).json(),
      );
      expect(body.code).toBe(0);
      return body.data;
    };
    /** Every row of the list, page by page (`size` small enough that several pages are needed). */
    async function allRows(k: KindCase, who: Who, size: number) {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const d = await list(k, who, page, size);
        rows.push(...d.list);
        if (d.list.length < size) {
          expect(rows).toHaveLength(d.count);
          return rows;
        }
      }
    }
    /** Independent sums over `k.facts` for the scope values of `who` in the tested range. */
    async function factSums(k: KindCase, who: Who) {
      const values = scope[who][k.scopeColumn];
      const params: Record<string, string> = {};
      const names = values.map((v, i) => {
        params[`v${i}`] = v;
        return dialects[f.app.reportStore.dialect].param(`v${i}`, 'VARCHAR');
      });
      const sums = [...k.counters.map((c) => `sum(${c})::BIGINT AS ${c}`)];
      if (k.money) sums.push(`sum(${k.money})::DOUBLE AS ${k.money}`);
      const [row] = await f.app.reportStore.query(
        `SELECT ${sums.join(', ')}, count(*) AS n FROM ${k.facts}
       WHERE dt BETWEEN DATE '${dash(START)}' AND DATE '${dash(YESTERDAY)}'
         AND ${k.scopeColumn} IN (${names.join(', ') || 'NULL'})`,
        params,
      );
      return Object.fromEntries(Object.entries(row ?? {}).map(([c, v]) => [c, Number(v)]));
    }
    /** Distinct row keys of `who`'s facts. */
    async function factKeys(k: KindCase, who: Who) {
      const values = scope[who][k.scopeColumn];
      const params = Object.fromEntries(values.map((v, i) => [`v${i}`, v]));
      const rows = await f.app.reportStore.query(
        `SELECT DISTINCT ${k.rowKey.column} AS key FROM ${k.facts}
       WHERE ${k.scopeColumn} IN (${values.map((_, i) => dialects[f.app.reportStore.dialect].param(`v${i}`, 'VARCHAR')).join(', ')})`,
        params,
      );
      return new Set(rows.map((r) => String(r.key)));
    }
    function expectTotals(k: KindCase, total: Record<string, Cell>, sums: Record<string, number>) {
      for (const c of k.counters) expect(total[c], c).toBe(sums[c]);
      if (k.money) expect(Number(total[k.money])).toBeCloseTo(sums[k.money] ?? Number.NaN, 5);
      for (const [field, [num, den, factor]] of Object.entries(k.rates)) {
        const d = sums[den] ?? 0;
        expect(Number(total[field]), field).toBeCloseTo(d === 0 ? 0 : ((sums[num] ?? 0) * factor) / d, 5);
      }
    }

    it.each(cases)('$name: the totals row equals an independent sum over the scoped facts', async (k) => {
      const sums = await factSums(k, k.owner);
      expect(sums.n).toBeGreaterThan(0);
      const d = await list(k, k.owner, 1, 10);
      expectTotals(k, d.total, sums);
      // The operations staff's totals are the whole network's, so the owner's scope really narrowed it.
      const ops = listBody.parse((await get(k.list, 'ops', { ...k.query(1, 10), ...k.fields })).json());
      expect(ops.code).toBe(0);
      expect(Number(ops.data.total[k.counters[0] ?? ''])).toBeGreaterThan(
        Number(d.total[k.counters[0] ?? '']),
      );
    });

    it.each(cases)(
      '$name: another organisation sees none of the rows, even when it asks for them',
      async (k) => {
        const [ownerKeys, intruderKeys] = [await factKeys(k, k.owner), await factKeys(k, k.intruder)];
        expect(ownerKeys.size).toBeGreaterThan(0);
        expect([...intruderKeys].filter((x) => ownerKeys.has(x))).toEqual([]);
        const seen = (await allRows(k, k.intruder, 37)).map(k.rowKey.value);
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.filter((x) => ownerKeys.has(x))).toEqual([]);
        expectTotals(k, (await list(k, k.intruder, 1, 10)).total, await factSums(k, k.intruder));
        // Naming the owner's keys, channels or packages yields nothing.
        const asked = k.ask([...ownerKeys], scope[k.owner][k.scopeColumn]);
        const d = await list(k, k.intruder, 1, 10, asked);
        expect(d.count).toBe(0);
        expect(d.list).toEqual([]);
        for (const c of k.counters) expect(d.total[c], c).toBe(0);
        // The same filter works for the owner, so the empty answer above is the scope's doing.
        expect((await list(k, k.owner, 1, 10, asked)).count).toBeGreaterThan(0);
      },
    );

    const exporting = cases.filter((k) => k.export && k.cells);
    it.each(exporting)('$name: the XLSX and CSV exports hold the rows of the paged list', async (k) => {
      const listed = await allRows(k, k.owner, 300);
      expect(listed.length).toBeGreaterThan(300);
      const fields = k.cells as string[];
      const cell = (r: Row, f: string) =>
        f === 'app' && r.app && typeof r.app === 'object' ? (r.app as { app_name: string }).app_name : r[f];
      const expected = listed.map((r) => fields.map((f) => cell(r, f) ?? null));
      const query = { ...k.query(1, 10), ...k.fields };
      const xlsx = await get(k.export as string, k.owner, query);
      expect(xlsx.statusCode).toBe(200);
      const sheet = await xlsxRows(xlsx.rawPayload);
      expect(sheet[0]).toHaveLength(fields.length);
      // XLSX cells as the page shows them (dates, labels); CSV the stored values.
      expect(sheet.slice(1)).toEqual(expected.map((r) => r.map((v, i) => xlsxShown(fields[i] ?? '', v))));
      const csv = await get(k.export as string, k.owner, { ...query, format: 'csv' });
      expect(csv.statusCode).toBe(200);
      const lines = parseCsv(csv.body);
      expect(lines.slice(1)).toEqual(expected.map((r) => r.map((v) => (v === null ? '' : String(v)))));
    });

    it('aborts an export whose stream ends early instead of serving a shorter file', async () => {
      const store = f.app.reportStore;
      // Exports read the store column by column (store.ts streamColumns): the adapter's own, else its
      // rows regrouped.
      const original = store.streamColumns;
      const source = (sql: string, params?: ReportParams) =>
        original
          ? original.call(store, sql, params)
          : streamColumns({ ...store, streamColumns: undefined }, sql, params);
      // A DuckDB stream that fails midway ends like a complete one; here the first chunk loses a row.
      store.streamColumns = async function* (sql, params) {
        let first = true;
        for await (const chunk of source(sql, params)) {
          yield first
            ? {
                rowCount: chunk.rowCount - 1,
                columns: Object.fromEntries(
                  Object.entries(chunk.columns).map(([k, v]) => [k, v.slice(0, -1)]),
                ),
              }
            : chunk;
          first = false;
        }
      };
      try {
        const query = { ...dtRange, fields: 'dt,channel,offer_id,click', format: 'csv' };
        const res = await get('/v1/report/export/affiliate', 'demo', query).then(
          (r) => ({ ok: true, lines: parseCsv(r.body).length }),
          (err: Error) => ({ ok: false, error: err.message }),
        );
        // The download is aborted (light-my-request reports the destroyed response), never completed.
        expect(res).toEqual({ ok: false, error: expect.stringMatching(/destroyed/) });
      } finally {
        store.streamColumns = original;
      }
      const whole = await get('/v1/report/export/affiliate', 'demo', { ...dtRange, format: 'csv' });
      expect(whole.statusCode).toBe(200);
    });

    it.each(['affiliate_2023', 'affiliate_2024'])(
      '%s Reject Detail: the XLSX and CSV exports hold the rows of the list',
      async (source) => {
        const filter = {
          dt: YESTERDAY,
          db_source: source,
          channel: demoAffiliateChannels[0] ?? '',
        };
        const body = listBody.parse((await get('/v1/report/list/affiliate/reject', 'demo', filter)).json());
        expect(body.code).toBe(0);
        expect(body.data.list.length).toBeGreaterThan(1);
        const expected = body.data.list.map((r) => [r.reject_reason, r.reject_num]);
        const xlsx = await get('/v1/report/export/affiliate/reject', 'demo', filter);
        expect((await xlsxRows(xlsx.rawPayload)).slice(1)).toEqual(
          expected.map(([reason, n]) => [xlsxShown('reject_reason', reason), n]),
        );
        const csv = await get('/v1/report/export/affiliate/reject', 'demo', { ...filter, format: 'csv' });
        expect(parseCsv(csv.body).slice(1)).toEqual(expected.map((r) => r.map(String)));
        // Another organisation asking for the same channel gets no reasons.
        const theirs = listBody.parse(
          (await get('/v1/report/list/affiliate/reject', 'other', filter)).json(),
        );
        expect(theirs.data).toMatchObject({ list: [], count: 0, total: { reject_num: 0 } });
      },
    );
  },
  reportSuiteTimeout,
);
