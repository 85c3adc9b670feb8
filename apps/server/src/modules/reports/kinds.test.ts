import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { reportSuiteTimeout, testStorePairs } from '../../test/test-app.ts';
import { xlsxShown } from './xlsx-shown.ts';

type Row = Record<string, unknown>;
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

    async function get(url: string, token: string, query: Record<string, string | number> = {}) {
      return f.app.inject({
        method: 'GET',
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: { token, 'accept-language': 'en' },
      });
    }
    const json = async (url: string, token: string, query: Record<string, string | number> = {}) =>
      (await get(url, token, query)).json() as {
        code: number;
        data: { list: Row[]; count: number; total: Row };
      };
    const sum = async (sql: string, params: Record<string, string> = {}) =>
      (await f.app.reportStore.query(sql, params))[0] ?? {};

    it('RTB: totals equal an independent sum over the scoped channels; another organisation gets 402', async () => {
      const body = await json('/v1/report/list/rtb', f.tokens.other, {
        dt: `${START},${YESTERDAY}`,
        fields: 'dt,country,request,win_rate',
      });
      expect(body.code).toBe(0);
      const exp = await sum(
        `SELECT sum(request)::BIGINT AS request, sum(winning_bid)::BIGINT AS wb, sum(response)::BIGINT AS resp
       FROM rtb_daily WHERE dt BETWEEN DATE '2026-01-01' AND DATE '2026-01-14' AND channel IN ('BidStream', 'PrimeRTB')`,
      );
      expect(Number(exp.request)).toBeGreaterThan(0);
      expect(body.data.total.request).toBe(Number(exp.request));
      expect(body.data.total.win_rate).toBeCloseTo(Number(exp.wb) / Number(exp.resp), 5);
      const all = await json('/v1/report/list/rtb', f.tokens.ops, {
        dt: `${START},${YESTERDAY}`,
        fields: 'dt,request',
      });
      expect(Number(all.data.total.request)).toBeGreaterThan(Number(exp.request));
      expect((await json('/v1/report/list/rtb', f.tokens.demo, { dt: `${START},${YESTERDAY}` })).code).toBe(
        402,
      );
    });

    it('affiliate: member sees only its channel, default order dt then hour desc, dropped sort, totals match', async () => {
      const q = {
        dt: `${START},${YESTERDAY}`,
        db_source: 'affiliate_2024',
        fields: 'dt,hour,channel,click,cvr',
        order: 'geo:asc',
        page_size: 5,
      };
      const body = await json('/v1/report/list/affiliate', f.tokens.member, q);
      expect(body.code).toBe(0);
      expect(new Set(body.data.list.map((r) => r.channel))).toEqual(new Set(['ClickNest']));
      expect(body.data.list[0]).toMatchObject({ dt: YESTERDAY, hour: 23 });
      expect(body.data.list[1]).toMatchObject({ dt: YESTERDAY, hour: 22 });
      const exp = await sum(
        `SELECT sum(click)::BIGINT AS click, sum(conversion)::BIGINT AS conv FROM affiliate_2024_hourly
       WHERE dt BETWEEN DATE '2026-01-01' AND DATE '2026-01-14' AND channel = 'ClickNest'`,
      );
      expect(body.data.total.click).toBe(Number(exp.click));
      expect(body.data.total.cvr).toBeCloseTo(Number(exp.conv) / Number(exp.click), 5);
      const asked = await json('/v1/report/list/affiliate', f.tokens.member, {
        ...q,
        channel: 'OfferHub,AdPulse Network',
      });
      expect(asked.data.count).toBe(0);
      expect((await json('/v1/report/list/affiliate', f.tokens.other, q)).code).toBe(402);
    });

    it('affiliate reject detail adds up to the reject cell of the row', async () => {
      const row = (
        await json('/v1/report/list/affiliate', f.tokens.demo, {
          dt: `${YESTERDAY},${YESTERDAY}`,
          fields: 'dt,channel,offer_id,reject',
          order: 'reject:desc',
          page_size: 1,
        })
      ).data.list[0] as Row;
      const detail = await json('/v1/report/list/affiliate/reject', f.tokens.demo, {
        dt: YESTERDAY,
        channel: String(row.channel),
        offer_id: String(row.offer_id),
      });
      expect(detail.code).toBe(0);
      expect(detail.data.count).toBeGreaterThan(1);
      const nums = detail.data.list.map((r) => Number(r.reject_num));
      expect(nums.reduce((a, b) => a + b, 0)).toBe(row.reject);
      expect([...nums].sort((a, b) => b - a)).toEqual(nums);
    });

    it('game and app report take yyyy-MM-dd dates and answer them; game apps are objects', async () => {
      const game = await json('/v1/report/list/game/sdk', f.tokens.demo, {
        start_date: dash(START),
        end_date: dash(YESTERDAY),
        data_dimension: 'datepart,app',
        data_metrics: 'uv_click,uv_click_rate',
      });
      expect(game.code).toBe(0);
      expect(game.data.list[0]?.datepart).toBe(dash(YESTERDAY));
      expect(game.data.list[0]?.app).toMatchObject({
        app_name: expect.any(String),
        pkg_name: expect.stringMatching(/^com\.demogames\./),
      });
      expect(
        (await json('/v1/report/list/game/sdk', f.tokens.demo, { start_date: START, end_date: YESTERDAY }))
          .code,
      ).toBe(604);
      const gx = await json('/gx/report/list', f.tokens.demo, {
        start_date: dash(START),
        end_date: dash(YESTERDAY),
      });
      expect(gx.code).toBe(0);
      expect(gx.data.list).toHaveLength(50);
      expect(gx.data.list[0]?.dt).toBe(dash(YESTERDAY));
      expect(
        (
          await json('/gx/report/list', f.tokens.other, {
            start_date: dash(START),
            end_date: dash(YESTERDAY),
          })
        ).code,
      ).toBe(402);
    });

    it('exports the same rows as the paged list, as XLSX and CSV with a UTF-8 file name', async () => {
      const q = {
        dt: `${START},${YESTERDAY}`,
        fields: 'dt,channel,click,revenue',
        titles: '日期,渠道,点击,收入',
      };
      const listed: Row[] = [];
      for (let page = 1; ; page++) {
        const b = await json('/v1/report/list/affiliate', f.tokens.demo, {
          ...q,
          page_index: page,
          page_size: 200,
        });
        listed.push(...b.data.list);
        if (listed.length >= b.data.count) break;
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
      const list = await json('/v1/report/list/sdk', f.tokens.demo, { ...q, page_size: 1 });
      const row = list.data.list[0];
      expect(first).toBe([row?.dt, row?.app_key, row?.app_name, row?.request].join(','));
    });

    type Tok = 'demo' | 'other';
    /** Every row of a list, all pages. */
    async function everyRow(url: string, token: Tok, q: Record<string, string>, paging: 'index' | 'no') {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const p: Record<string, number> =
          paging === 'index' ? { page_index: page, page_size: 500 } : { page_no: page, page_size: 500 };
        const b = await json(url, f.tokens[token], { ...q, ...p });
        expect(b.code).toBe(0);
        rows.push(...b.data.list);
        if (rows.length >= b.data.count) return rows;
      }
    }
    type ExportCase = {
      kind: string;
      list: string;
      file: string;
      token: Tok;
      paging: 'index' | 'no';
      q: Record<string, string>;
      cols: string[];
      titles: string[];
    };
    const exportCases: ExportCase[] = [
      {
        kind: 'sdk',
        list: '/v1/report/list/sdk',
        file: '/v1/report/export/sdk',
        token: 'demo' as Tok,
        paging: 'index' as const,
        q: { dt: `${START},${YESTERDAY}`, fields: 'request,dt,app_key', titles: 'Req,Day,Key' },
        cols: ['request', 'dt', 'app_key', 'app_name'],
        titles: ['Req', 'Day', 'Key', 'App name'],
      },
      {
        kind: 'rtb',
        list: '/v1/report/list/rtb',
        file: '/v1/report/export/rtb',
        token: 'other' as Tok,
        paging: 'index' as const,
        q: { dt: `${START},${YESTERDAY}`, fields: 'win_rate,dt,country', titles: 'Win,Day,Ctry' },
        cols: ['win_rate', 'dt', 'country'],
        titles: ['Win', 'Day', 'Ctry'],
      },
      {
        kind: 'affiliate',
        list: '/v1/report/list/affiliate',
        file: '/v1/report/export/affiliate',
        token: 'demo' as Tok,
        paging: 'index' as const,
        q: {
          dt: `${START},${YESTERDAY}`,
          db_source: 'affiliate_2024',
          fields: 'click,channel,dt',
          titles: 'Clicks,Ch,Day',
        },
        cols: ['click', 'channel', 'dt'],
        titles: ['Clicks', 'Ch', 'Day'],
      },
      {
        kind: 'game',
        list: '/v1/report/list/game/sdk',
        file: '/v1/report/list/game/sdk/export',
        token: 'demo' as Tok,
        paging: 'no' as const,
        // What the page sends: its columns in order (a metric first), plus the list's split.
        q: {
          start_date: dash(START),
          end_date: dash(YESTERDAY),
          data_dimension: 'app,datepart',
          data_metrics: 'uv_click,uv_entry',
          fields: 'uv_click,app,uv_entry,datepart',
          titles: 'Clicks,Game app,Entries,Day',
        },
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
        const listed = await everyRow(c.list, c.token, c.q, c.paging);
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
        const res = await f.app.inject({
          method: 'GET',
          url: '/gx/report/list',
          query: { start_date: START, end_date: dash(YESTERDAY) },
          headers: { token: f.tokens.demo, 'accept-language': lang },
        });
        expect(res.json()).toMatchObject({
          code: 604,
          data: { errors: [{ field: 'start_date', message: text }] },
        });
      }
    });

    it('game centre: five funnel steps, entry before exposure, and the four step rates', async () => {
      const cat = (await json('/v1/report/stat_column/game', f.tokens.demo)).data as unknown as {
        field: string;
      }[];
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
      const t = (
        await json('/v1/report/list/game/sdk', f.tokens.demo, {
          start_date: dash(START),
          end_date: dash(YESTERDAY),
          data_metrics: metrics.join(','),
        })
      ).data.total as Record<string, number>;
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
      const t = await json('/v1/report/trend/sdk', f.tokens.demo, {
        dt: `${START},${YESTERDAY}`,
        metric: 'revenue',
      });
      const days = await json('/v1/report/list/sdk', f.tokens.demo, {
        dt: `${START},${YESTERDAY}`,
        fields: 'dt,revenue',
        page_size: 100,
      });
      const pts = t.data as unknown as { dt: string; value: number }[];
      expect(pts).toHaveLength(14);
      expect(pts[13]).toEqual({ dt: YESTERDAY, value: days.data.list[0]?.revenue });
    });
  },
  reportSuiteTimeout,
);
