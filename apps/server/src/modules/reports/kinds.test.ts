import { endpoints } from '@portal/contracts/endpoints.ts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { reportSuiteTimeout, testStorePairs } from '../../test/test-app.ts';
import { xlsxShown } from '../../test/xlsx-shown.ts';

type Row = Record<string, unknown>;
const { sdkList, rtbList, affiliateList, rejectList, gameList, gxList, statColumns, trend } =
  endpoints.reports;
const START = '20260101';
const dash = (s: string) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;

describe.each(testStorePairs)(
  'report kinds on %s + %s',
  (db, reportStore) => {
    let f: ReportFixture;
    beforeAll(async () => {
      f = await createReportFixture(db, {}, reportStore);
    }, 300_000);
    afterAll(async () => f?.close());

    /** A file export (not an envelope: the typed callers answer envelopes only). */
    async function get(url: string, token: string, query: Record<string, string | number> = {}) {
      return f.app.inject({
        method: 'GET',
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: { token, 'accept-language': 'en' },
      });
    }
    const sum = async (sql: string, params: Record<string, string> = {}) =>
      (await f.app.reportStore.query(sql, params))[0] ?? {};

    it('RTB: totals equal an independent sum over the scoped channels; another organisation gets 402', async () => {
      const body = await f.callEndpoint(
        rtbList,
        { query: { dt: `${START},${YESTERDAY}`, fields: 'dt,country,request,win_rate' } },
        f.tokens.other,
      );
      const exp = await sum(
        `SELECT sum(request)::BIGINT AS request, sum(winning_bid)::BIGINT AS wb, sum(response)::BIGINT AS resp
       FROM rtb_daily WHERE dt BETWEEN DATE '2026-01-01' AND DATE '2026-01-14' AND channel IN ('BidStream', 'PrimeRTB')`,
      );
      expect(Number(exp.request)).toBeGreaterThan(0);
      expect(body.total.request).toBe(Number(exp.request));
      expect(body.total.win_rate).toBeCloseTo(Number(exp.wb) / Number(exp.resp), 5);
      const all = await f.callEndpoint(
        rtbList,
        { query: { dt: `${START},${YESTERDAY}`, fields: 'dt,request' } },
        f.tokens.ops,
      );
      expect(Number(all.total.request)).toBeGreaterThan(Number(exp.request));
      const foreign = await f.callEndpointFailure(
        rtbList,
        { query: { dt: `${START},${YESTERDAY}` } },
        f.tokens.demo,
      );
      expect(foreign.code).toBe(402);
    });

    it('affiliate: member sees only its channel, default order dt then hour desc, dropped sort, totals match', async () => {
      const q = {
        dt: `${START},${YESTERDAY}`,
        db_source: 'affiliate_2024' as const,
        fields: 'dt,hour,channel,click,cvr',
        order: 'geo:asc',
        page_size: 5,
      };
      const body = await f.callEndpoint(affiliateList, { query: q }, f.tokens.member);
      expect(new Set(body.list.map((r) => r.channel))).toEqual(new Set(['ClickNest']));
      expect(body.list[0]).toMatchObject({ dt: YESTERDAY, hour: 23 });
      expect(body.list[1]).toMatchObject({ dt: YESTERDAY, hour: 22 });
      const exp = await sum(
        `SELECT sum(click)::BIGINT AS click, sum(conversion)::BIGINT AS conv FROM affiliate_2024_hourly
       WHERE dt BETWEEN DATE '2026-01-01' AND DATE '2026-01-14' AND channel = 'ClickNest'`,
      );
      expect(body.total.click).toBe(Number(exp.click));
      expect(body.total.cvr).toBeCloseTo(Number(exp.conv) / Number(exp.click), 5);
      const asked = await f.callEndpoint(
        affiliateList,
        { query: { ...q, channel: 'OfferHub,AdPulse Network' } },
        f.tokens.member,
      );
      expect(asked.count).toBe(0);
      expect((await f.callEndpointFailure(affiliateList, { query: q }, f.tokens.other)).code).toBe(402);
    });

    it('affiliate reject detail adds up to the reject cell of the row', async () => {
      const top = await f.callEndpoint(
        affiliateList,
        {
          query: {
            dt: `${YESTERDAY},${YESTERDAY}`,
            fields: 'dt,channel,offer_id,reject',
            order: 'reject:desc',
            page_size: 1,
          },
        },
        f.tokens.demo,
      );
      const row = top.list[0];
      if (!row) throw new Error('no affiliate row');
      const detail = await f.callEndpoint(
        rejectList,
        { query: { dt: YESTERDAY, channel: String(row.channel), offer_id: String(row.offer_id) } },
        f.tokens.demo,
      );
      expect(detail.count).toBeGreaterThan(1);
      const nums = detail.list.map((r) => Number(r.reject_num));
      expect(nums.reduce((a, b) => a + b, 0)).toBe(row.reject);
      expect([...nums].sort((a, b) => b - a)).toEqual(nums);
    });

    it('game and app report take yyyy-MM-dd dates and answer them; game apps are objects', async () => {
      const game = await f.callEndpoint(
        gameList,
        {
          query: {
            start_date: dash(START),
            end_date: dash(YESTERDAY),
            data_dimension: 'datepart,app',
            data_metrics: 'uv_click,uv_click_rate',
          },
        },
        f.tokens.demo,
      );
      expect(game.list[0]?.datepart).toBe(dash(YESTERDAY));
      expect(game.list[0]?.app).toMatchObject({
        app_name: expect.any(String),
        pkg_name: expect.stringMatching(/^com\.demogames\./),
      });
      const undashed = await f.callEndpointFailure(
        gameList,
        { query: { start_date: START, end_date: YESTERDAY } },
        f.tokens.demo,
      );
      expect(undashed.code).toBe(604);
      const dashed = { start_date: dash(START), end_date: dash(YESTERDAY) };
      const gx = await f.callEndpoint(gxList, { query: dashed }, f.tokens.demo);
      expect(gx.list).toHaveLength(50);
      expect(gx.list[0]?.dt).toBe(dash(YESTERDAY));
      expect((await f.callEndpointFailure(gxList, { query: dashed }, f.tokens.other)).code).toBe(402);
    });

    it('exports the same rows as the paged list, as XLSX and CSV with a UTF-8 file name', async () => {
      const q = {
        dt: `${START},${YESTERDAY}`,
        fields: 'dt,channel,click,revenue',
        titles: '日期,渠道,点击,收入',
      };
      const listed: Row[] = [];
      for (let page = 1; ; page++) {
        const b = await f.callEndpoint(
          affiliateList,
          { query: { ...q, page_index: page, page_size: 200 } },
          f.tokens.demo,
        );
        listed.push(...b.list);
        if (listed.length >= b.count) break;
      }
      const res = await get('/v1/report/export/affiliate', f.tokens.demo, q);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = (wb.worksheets[0]?.getSheetValues() ?? [])
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1));
      expect(rows[0]).toEqual(['日期', '渠道', '点击', '收入']);
      expect(rows.slice(1)).toEqual(
        listed.map((r) => [xlsxShown('dt', r.dt), r.channel, r.click, r.revenue]),
      );
      const csv = await get('/v1/report/export/affiliate', f.tokens.demo, { ...q, format: 'csv' });
      const lines = csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(csv.body.startsWith('\ufeff')).toBe(true);
      expect(lines).toHaveLength(listed.length + 1);
      expect(lines[1]).toBe(
        [listed[0]?.dt, listed[0]?.channel, listed[0]?.click, listed[0]?.revenue].join(','),
      );
    });

    it('titles the SDK export by the requested fields, with the app name column after the app', async () => {
      // English request, Chinese titles from the client: the titles are used as given, the server's own
      // column follows the request language.
      const q = { dt: `${START},${YESTERDAY}`, fields: 'dt,app_key,request', titles: '日期,应用,请求数' };
      const res = await get('/v1/report/export/sdk', f.tokens.demo, { ...q, format: 'csv' });
      const [header, first] = res.body.replace(/^\ufeff/, '').split('\r\n');
      expect(header).toBe('日期,应用,App name,请求数');
      const list = await f.callEndpoint(sdkList, { query: { ...q, page_size: 1 } }, f.tokens.demo);
      const row = list.list[0];
      expect(first).toBe([row?.dt, row?.app_key, row?.app_name, row?.request].join(','));
    });

    type Tok = 'demo' | 'other';
    /** One page (from 1, 500 rows) of a case's list, parsed by its schema. */
    type ListPage = (page: number) => Promise<{ list: Row[]; count: number }>;
    /** Every row of a list, all pages. */
    async function everyRow(list: ListPage) {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const b = await list(page);
        rows.push(...b.list);
        if (rows.length >= b.count) return rows;
      }
    }
    type ExportCase = {
      kind: string;
      list: ListPage;
      file: string;
      token: Tok;
      q: Record<string, string>;
      cols: string[];
      titles: string[];
    };
    const sdkQ = { dt: `${START},${YESTERDAY}`, fields: 'request,dt,app_key', titles: 'Req,Day,Key' };
    const rtbQ = { dt: `${START},${YESTERDAY}`, fields: 'win_rate,dt,country', titles: 'Win,Day,Ctry' };
    const affQ = {
      dt: `${START},${YESTERDAY}`,
      db_source: 'affiliate_2024' as const,
      fields: 'click,channel,dt',
      titles: 'Clicks,Ch,Day',
    };
    // What the page sends: its columns in order (a metric first), plus the list's split.
    const gameQ = {
      start_date: dash(START),
      end_date: dash(YESTERDAY),
      data_dimension: 'app,datepart',
      data_metrics: 'uv_click,uv_entry',
      fields: 'uv_click,app,uv_entry,datepart',
      titles: 'Clicks,Game app,Entries,Day',
    };
    const byIndex = (page: number) => ({ page_index: page, page_size: 500 });
    const exportCases: ExportCase[] = [
      {
        kind: 'sdk',
        list: (page) => f.callEndpoint(sdkList, { query: { ...sdkQ, ...byIndex(page) } }, f.tokens.demo),
        file: '/v1/report/export/sdk',
        token: 'demo' as Tok,
        q: sdkQ,
        cols: ['request', 'dt', 'app_key', 'app_name'],
        titles: ['Req', 'Day', 'Key', 'App name'],
      },
      {
        kind: 'rtb',
        list: (page) => f.callEndpoint(rtbList, { query: { ...rtbQ, ...byIndex(page) } }, f.tokens.other),
        file: '/v1/report/export/rtb',
        token: 'other' as Tok,
        q: rtbQ,
        cols: ['win_rate', 'dt', 'country'],
        titles: ['Win', 'Day', 'Ctry'],
      },
      {
        kind: 'affiliate',
        list: (page) =>
          f.callEndpoint(affiliateList, { query: { ...affQ, ...byIndex(page) } }, f.tokens.demo),
        file: '/v1/report/export/affiliate',
        token: 'demo' as Tok,
        q: affQ,
        cols: ['click', 'channel', 'dt'],
        titles: ['Clicks', 'Ch', 'Day'],
      },
      {
        kind: 'game',
        list: (page) =>
          f.callEndpoint(gameList, { query: { ...gameQ, page_no: page, page_size: 500 } }, f.tokens.demo),
        file: '/v1/report/list/game/sdk/export',
        token: 'demo' as Tok,
        q: gameQ,
        cols: ['uv_click', 'app', 'uv_entry', 'datepart'],
        titles: ['Clicks', 'Game app', 'Entries', 'Day'],
      },
    ];

    it.each(exportCases)(
      '$kind export keeps the page order: each field under the title sent at its position (XLSX read back)',
      async (c) => {
        const res = await get(c.file, f.tokens[c.token], c.q);
        expect(res.statusCode).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const [head, ...body] = (wb.worksheets[0]?.getSheetValues() ?? [])
          .filter(Boolean)
          .map((r) => (r as unknown[]).slice(1));
        expect(head).toEqual(c.titles);
        const listed = await everyRow(c.list);
        const cell = (r: Row, k: string) =>
          k === 'app' && typeof r.app === 'object' ? (r.app as { app_name: string }).app_name : r[k];
        const key = (cells: unknown[]) => JSON.stringify(cells);
        expect(body.length).toBeGreaterThan(1);
        expect(body.map(key).sort()).toEqual(
          listed.map((r) => key(c.cols.map((k) => xlsxShown(k, cell(r, k))))).sort(),
        );
      },
    );

    it('names Affiliate and New Affiliate exports differently, in both languages', async () => {
      const names = [];
      for (const db_source of ['affiliate_2023', 'affiliate_2024']) {
        for (const lang of ['zh-CN', 'en']) {
          const res = await f.app.inject({
            method: 'GET',
            url: '/v1/report/export/affiliate',
            query: { dt: `${START},${YESTERDAY}`, db_source, fields: 'dt,click', format: 'csv' },
            headers: { token: f.tokens.demo, 'accept-language': lang },
          });
          expect(res.statusCode).toBe(200);
          names.push(
            decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? ''),
          );
        }
      }
      expect(names).toEqual([
        `联盟报表_${START}-${YESTERDAY}.csv`,
        `affiliate-report_${START}-${YESTERDAY}.csv`,
        `新联盟报表_${START}-${YESTERDAY}.csv`,
        `new-affiliate-report_${START}-${YESTERDAY}.csv`,
      ]);
    });

    it('answers a malformed /gx/report/list date with 604 naming yyyy-MM-dd', async () => {
      for (const [lang, text] of [
        ['en', 'Date format error, expected yyyy-MM-dd'],
        ['zh-CN', '日期格式错误，应为 yyyy-MM-dd'],
      ]) {
        const failure = await f.callEndpointFailure(
          gxList,
          { query: { start_date: START, end_date: dash(YESTERDAY) } },
          f.tokens.demo,
          lang,
        );
        expect(failure).toMatchObject({
          code: 604,
          data: { errors: [{ field: 'start_date', message: text }] },
        });
        expect(errorFields(failure)).toEqual(['start_date']);
      }
    });

    it('game centre: five funnel steps, entry before exposure, and the four step rates', async () => {
      const cat = await f.callEndpoint(statColumns, { params: { kind: 'game' } }, f.tokens.demo);
      expect(cat.map((c) => c.field).filter((x) => /^uv_/.test(x))).toEqual([
        'uv_entry',
        'uv_impression',
        'uv_impression_rate',
        'uv_click',
        'uv_click_rate',
        'uv_in',
        'uv_in_rate',
        'uv_begin',
        'uv_begin_rate',
      ]);
      const steps = ['entry', 'impression', 'click', 'in', 'begin'];
      const metrics = ['uv', 'pv'].flatMap((u) =>
        steps.flatMap((s, i) => (i === 0 ? [`${u}_${s}`] : [`${u}_${s}`, `${u}_${s}_rate`])),
      );
      const { total: t } = await f.callEndpoint(
        gameList,
        { query: { start_date: dash(START), end_date: dash(YESTERDAY), data_metrics: metrics.join(',') } },
        f.tokens.demo,
      );
      expect(t.uv_entry).toBeGreaterThan(t.uv_impression ?? 0);
      expect(t.uv_impression).toBeGreaterThan(0);
      // Each rate is its step over the step before, as ratios of sums (api-contract §10).
      for (const u of ['uv', 'pv']) {
        steps.slice(1).forEach((s, i) => {
          const num = t[`${u}_${s}`] ?? 0;
          const den = t[`${u}_${steps[i]}`] ?? 0;
          expect(den, `${u}_${steps[i]}`).toBeGreaterThan(0);
          expect(t[`${u}_${s}_rate`], `${u}_${s}_rate`).toBeCloseTo(num / den, 6);
        });
      }
    });

    it('trend gives one point per day equal to the daily list', async () => {
      const pts = await f.callEndpoint(
        trend,
        { params: { kind: 'sdk' }, query: { dt: `${START},${YESTERDAY}`, metric: 'revenue' } },
        f.tokens.demo,
      );
      const days = await f.callEndpoint(
        sdkList,
        { query: { dt: `${START},${YESTERDAY}`, fields: 'dt,revenue', page_size: 100 } },
        f.tokens.demo,
      );
      expect(pts).toHaveLength(14);
      expect(pts[13]).toEqual({ dt: YESTERDAY, value: days.list[0]?.revenue });
    });
  },
  reportSuiteTimeout,
);
