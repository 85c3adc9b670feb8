/**
 * Issue 13 items 5, 6 and 9 on both report stores: the XLSX export typed and formatted as the page
 * shows it (read back with exceljs: real dates, number formats, labels in the request's language, a
 * frozen title row) while CSV keeps the stored values; RTB rows named from the accounts store within
 * the caller's rows; `data_until` on every list.
 */
import { rejectReasonLabels } from '@portal/contracts/report-labels.ts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apps } from '../../db/schema/inventory.ts';
import { demoRtbChannels } from '../../demo/accounts.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { reportSuiteTimeout, testStorePairs } from '../../test/test-app.ts';

type Row = Record<string, unknown>;
/** A list answer as these checks read it (each kind's list entry answers at least this), parsed. */
const listBody = z.object({
  code: z.number().int(),
  data: z.object({
    list: z.array(z.record(z.string(), z.unknown())),
    count: z.number().int(),
    data_until: z.string().optional(),
  }),
});
const START = '20260101';
const DAY = '2026-01-14';

describe.each(testStorePairs)(
  'report tables and exports on %s + %s',
  (db, reportStore) => {
    let f: ReportFixture;
    beforeAll(async () => {
      f = await createReportFixture(db, {}, reportStore);
    }, 300_000);
    afterAll(async () => f?.close());

    const get = (url: string, token: string, query: Record<string, string | number>, lang = 'zh-CN') =>
      f.app.inject({
        method: 'GET',
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: { token, 'accept-language': lang },
      });
    const list = async (url: string, token: string, query: Record<string, string | number>) => {
      const body = listBody.parse((await get(url, token, query)).json());
      expect(body.code).toBe(0);
      return body.data;
    };

    it('types and formats the XLSX cells as the page shows them, in the request language; CSV unchanged', async () => {
      const fields = 'dt,hour,ad_style,geo,request,fill_rate,revenue,ecpm';
      const q = { dt: `${YESTERDAY},${YESTERDAY}`, fields, order: 'revenue:desc' };
      const listed = await list('/v1/report/list/sdk', f.tokens.demo, { ...q, page_size: 1000 });
      // The first 1000 rows by revenue (no ties at 6 decimals) are compared below.
      expect(listed.list.length).toBe(Math.min(listed.count, 1000));
      const res = await get('/v1/report/export/sdk', f.tokens.demo, q);
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      // Every column wide enough for its title at least; revenue for "#,##0.00" of its largest value.
      for (let c = 1; c <= 8; c++)
        expect(sheet.getColumn(c).width ?? 0, `column ${c}`).toBeGreaterThanOrEqual(6);
      expect(sheet.getColumn(7).width ?? 0).toBeGreaterThanOrEqual(14);
      expect(sheet.rowCount).toBe(listed.count + 1);

      const first = listed.list[0] as Row;
      const r = sheet.getRow(2);
      const cell = (i: number) => r.getCell(i);
      expect(cell(1).type).toBe(ExcelJS.ValueType.Date);
      expect(cell(1).value).toEqual(new Date(`${DAY}T00:00:00Z`));
      expect(cell(1).numFmt).toBe('yyyy-mm-dd');
      expect(cell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: first.hour, numFmt: '00' });
      expect(cell(3).type).toBe(ExcelJS.ValueType.String);
      expect(cell(5)).toMatchObject({
        type: ExcelJS.ValueType.Number,
        value: first.request,
        numFmt: '#,##0',
      });
      expect(cell(6)).toMatchObject({
        type: ExcelJS.ValueType.Number,
        value: first.fill_rate,
        numFmt: '0.00%',
      });
      expect(cell(7)).toMatchObject({
        type: ExcelJS.ValueType.Number,
        value: first.revenue,
        numFmt: '#,##0.00',
      });
      expect(cell(8)).toMatchObject({
        type: ExcelJS.ValueType.Number,
        value: first.ecpm,
        numFmt: '#,##0.00',
      });

      // Labels, not codes, in Chinese: the ad styles of spec §4 and Intl's country names.
      const zhStyles: Record<string, string> = { 1: '横幅', 2: '插屏', 3: '原生', 6: '激励视频' };
      const zhCountries: Record<string, string> = {
        US: '美国',
        JP: '日本',
        DE: '德国',
        BR: '巴西',
        IN: '印度',
      };
      let checkedCountries = 0;
      listed.list.forEach((row, i) => {
        const x = sheet.getRow(i + 2);
        expect(x.getCell(3).value).toBe(zhStyles[String(row.ad_style)]);
        const name = zhCountries[String(row.geo)];
        if (name) {
          expect(x.getCell(4).value).toBe(name);
          checkedCountries++;
        }
      });
      expect(checkedCountries).toBeGreaterThan(0);

      // English request: English labels.
      const en = await get('/v1/report/export/sdk', f.tokens.demo, q, 'en');
      const enBook = new ExcelJS.Workbook();
      await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
      const enStyles = new Set(
        (enBook.worksheets[0]?.getColumn(3).values ?? []).slice(2).map((v) => String(v)),
      );
      expect(
        [...enStyles].every((s) => ['Banner', 'Interstitial', 'Native', 'Rewarded Video'].includes(s)),
      ).toBe(true);

      const csv = await get('/v1/report/export/sdk', f.tokens.demo, { ...q, format: 'csv' });
      const line = csv.body.replace(/^\ufeff/, '').split('\r\n')[1];
      expect(line).toBe(
        [
          first.dt,
          first.hour,
          first.ad_style,
          first.geo,
          first.request,
          first.fill_rate,
          first.revenue,
          first.ecpm,
        ].join(','),
      );
    });

    it('labels Reject Detail reasons in the request language in the XLSX, not in the CSV', async () => {
      const filter = { dt: YESTERDAY, db_source: 'affiliate_2024' };
      const res = await get('/v1/report/export/affiliate/reject', f.tokens.demo, filter);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const reasons = (book.worksheets[0]?.getColumn(1).values ?? []).slice(2).map(String);
      expect(reasons).toContain('重复安装');
      expect(reasons.length).toBeGreaterThan(1);
      expect(reasons.filter((r) => r in rejectReasonLabels)).toEqual([]);
      const csv = await get('/v1/report/export/affiliate/reject', f.tokens.demo, {
        ...filter,
        format: 'csv',
      });
      expect(csv.body).toContain('Duplicate install');
    });

    it('names RTB app keys from the accounts store, only for keys in rows the caller may see', async () => {
      const [key] = await f.keysOf('Other Media');
      const [demoKey] = await f.keysOf('Demo Games');
      const [appRow] = key ? await f.app.db.select().from(apps).where(eq(apps.app_key, key)) : [];
      if (!key || !demoKey || !appRow) throw new Error('fixture apps missing');
      const insert = (channel: string, appKey: string, request: number) =>
        `INSERT INTO rtb_daily (dt, channel, app_key, placement_id, placement_name, placement_type, country,
           request, response, winning_bid, impression, click, revenue)
         VALUES ('${DAY}', '${channel}', '${appKey}', 'p-named', 'named', 2, 'US', ${request}, 50, 20, 18, 1, 0.5)`;
      await f.app.reportStore.write(async (run) => {
        await run(insert(demoRtbChannels[0] ?? '', key, 123_457));
        // A channel Other Media does not have: its row (and the name of its key) stays unseen.
        await run(insert('Elsewhere RTB', demoKey, 654_321));
      });
      const rows = (
        await list('/v1/report/list/rtb', f.tokens.other, {
          dt: `${YESTERDAY},${YESTERDAY}`,
          fields: 'app_key,request',
          page_size: 1000,
        })
      ).list;
      expect(rows.find((r) => r.app_key === key)).toMatchObject({ app_name: appRow.app_name });
      expect(rows.find((r) => r.app_key === demoKey)).toBeUndefined();
      const others = rows.filter((r) => r.app_key !== key);
      expect(others.length).toBeGreaterThan(0);
      // Never a bare key (issue 25 item 3): a key no registered app owns is named as such.
      for (const r of others) expect(r.app_name).toBe('未注册应用');
      const enRows = listBody.parse(
        (
          await get(
            '/v1/report/list/rtb',
            f.tokens.other,
            { dt: `${YESTERDAY},${YESTERDAY}`, fields: 'app_key,request', page_size: 1000 },
            'en',
          )
        ).json(),
      ).data.list;
      for (const r of enRows.filter((r) => r.app_key !== key)) expect(r.app_name).toBe('Unregistered app');
      const csv = await get(
        '/v1/report/export/rtb',
        f.tokens.other,
        { dt: `${YESTERDAY},${YESTERDAY}`, fields: 'app_key,request', format: 'csv' },
        'en',
      );
      expect(csv.body.split('\r\n')[0]).toContain('App name');
      expect(csv.body).toContain(`${key},${appRow.app_name},`);
    });

    it('says how fresh each kind is: the last day, and the last hour for hourly kinds', async () => {
      const one = async (sql: string) => (await f.app.reportStore.query(sql))[0] ?? {};
      const lastHour = Number(
        (await one(`SELECT max(hour) AS h FROM sdk_hourly WHERE dt = DATE '${DAY}'`)).h,
      );
      const anyHour = await one(`SELECT count(*) AS n FROM sdk_hourly WHERE dt > DATE '${DAY}'`);
      expect(Number(anyHour.n)).toBe(0);
      const hh = String(lastHour).padStart(2, '0');
      const q = { dt: `${START},${YESTERDAY}`, page_size: 1 };
      expect((await list('/v1/report/list/sdk', f.tokens.demo, q)).data_until).toBe(`${DAY} ${hh}:00`);
      expect(
        (await list('/v1/report/list/affiliate', f.tokens.demo, { ...q, db_source: 'affiliate_2024' }))
          .data_until,
      ).toMatch(new RegExp(`^${DAY} \\d{2}:00$`));
      expect((await list('/v1/report/list/rtb', f.tokens.other, q)).data_until).toBe(DAY);
      const game = await list('/v1/report/list/game/sdk', f.tokens.demo, {
        start_date: '2026-01-01',
        end_date: DAY,
        page_no: 1,
        page_size: 1,
      });
      expect(game.data_until).toBe(DAY);
    });
  },
  reportSuiteTimeout,
);
