import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('app-ads.txt per app on %s', (db) => {
  let inv: Inventory;
  let server: http.Server;
  let port = 0;
  let file: { status: number; body: string } = { status: 404, body: '' };
  let appId = 0;
  let companyId = 0;
  let clock = new Date('2026-03-02T09:00:00Z');
  beforeAll(async () => {
    server = http.createServer((_q, res) => {
      res.statusCode = file.status;
      res.setHeader('content-type', 'text/plain');
      res.end(file.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    inv = await createInventory({
      db,
      now: () => clock,
      env: {
        APP_ADS_ALLOW_LOOPBACK: 'true',
        APP_ADS_DOMAIN: 'ads.network.example',
        APP_ADS_CERT_ID: 'c3rt1d',
      },
    });
    appId = await appIdByName(inv, 'Puzzle Quest Saga');
    companyId = (await inv.call('GET', '/api/v1/user/user_info', inv.tokens.demo)).data[0].company_id;
  }, 180_000);
  afterAll(async () => {
    await inv.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const state = (token = inv.tokens.demo) => inv.call('GET', '/v1/app/app_ads_txt', token, { app_id: appId });
  const check = () => inv.call('POST', '/v1/app/app_ads_txt/check', inv.tokens.demo, { app_id: appId });
  const titles = async () =>
    (await inv.call('GET', '/v1/notifications', inv.tokens.demo, { page_size: 50 })).data.list
      .filter((n: { kind: string }) => n.kind.startsWith('app_ads_txt'))
      .map((n: { kind: string }) => n.kind);

  it('shows the line from configuration, refuses bad websites with 604 and a check without one with 10151', async () => {
    const s = await state();
    expect(s.data).toMatchObject({
      app_id: appId,
      developer_website: null,
      line: `ads.network.example, ${companyId}, DIRECT, c3rt1d`,
      status: null,
    });
    expect((await check()).code).toBe(10151);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'not a url',
      'https://',
      `https://${'a'.repeat(600)}.com`,
    ]) {
      const res = await inv.call('PUT', '/v1/app/app_ads_txt', inv.tokens.demo, {
        app_id: appId,
        developer_website: bad,
      });
      expect(res.code, bad).toBe(604);
    }
    expect(
      (
        await inv.call('PUT', '/v1/app/app_ads_txt', inv.tokens.demo, {
          app_id: appId,
          developer_website: 'x'.repeat(5000),
        })
      ).code,
    ).toBe(604);
    expect((await state()).data.developer_website).toBeNull();
  });

  it('checks on demand: file missing, then found, then wrong; notifies the admins on each turn to bad', async () => {
    const set = await inv.call('PUT', '/v1/app/app_ads_txt', inv.tokens.demo, {
      app_id: appId,
      developer_website: `http://127.0.0.1:${port}/games`,
    });
    expect(set.data).toMatchObject({
      domain: '127.0.0.1',
      url: `http://127.0.0.1:${port}/app-ads.txt`,
      status: null,
    });

    file = { status: 404, body: '' };
    expect((await check()).data).toMatchObject({
      status: 'file_missing',
      detail: 'HTTP 404',
      checked_at: clock.toISOString(),
    });
    expect(await titles()).toEqual(['app_ads_txt_missing']);
    // The same finding again notifies no one.
    expect((await check()).data.status).toBe('file_missing');
    expect(await titles()).toEqual(['app_ads_txt_missing']);

    file = { status: 200, body: `# ours\nads.network.example, ${companyId}, DIRECT, c3rt1d\n` };
    expect((await check()).data.status).toBe('found');

    file = { status: 200, body: `ads.network.example, ${companyId}, RESELLER, c3rt1d\n` };
    expect((await check()).data).toMatchObject({
      status: 'line_wrong',
      detail: 'relationship is RESELLER, not DIRECT',
    });
    expect(await titles()).toEqual(['app_ads_txt_wrong', 'app_ads_txt_missing']);
    const list = await inv.call('GET', '/v1/notifications', inv.tokens.demo, { page_size: 50 });
    const wrong = list.data.list.find((n: { kind: string }) => n.kind === 'app_ads_txt_wrong');
    expect(wrong.body).toContain(`ads.network.example, ${companyId}, DIRECT, c3rt1d`);
  });

  it('checks every app with a website daily on the job queue', async () => {
    file = { status: 200, body: `ads.network.example, ${companyId}, DIRECT, c3rt1d\n` };
    clock = new Date('2026-03-03T05:00:00Z');
    await inv.app.jobs.drain();
    expect((await state()).data).toMatchObject({ status: 'found', checked_at: clock.toISOString() });
  });

  it('keeps other organisations and members out', async () => {
    expect((await state(inv.tokens.other)).code).toBe(402);
    expect((await state(inv.tokens.member)).code).toBe(402);
    expect(
      (
        await inv.call('PUT', '/v1/app/app_ads_txt', inv.tokens.other, {
          app_id: appId,
          developer_website: 'https://x.com',
        })
      ).code,
    ).toBe(402);
    const mine = (await inv.call('GET', '/v1/app/app_ads_txt/list', inv.tokens.other)).data.list;
    expect(mine.some((s: { app_id: number }) => s.app_id === appId)).toBe(false);
    const ours = (await inv.call('GET', '/v1/app/app_ads_txt/list', inv.tokens.demo)).data.list;
    expect(ours.find((s: { app_id: number }) => s.app_id === appId).status).toBe('found');
  });
});

describe('app-ads.txt without the loopback test setting', () => {
  it('refuses to crawl loopback and private sites, reporting unreachable, never a 5xx', async () => {
    const inv = await createInventory({});
    try {
      const appId = await appIdByName(inv, 'Puzzle Quest Saga');
      for (const site of [
        'http://localhost/',
        'http://10.0.0.8/',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const set = await inv.call('PUT', '/v1/app/app_ads_txt', inv.tokens.demo, {
          app_id: appId,
          developer_website: site,
        });
        expect(set.code, site).toBe(0);
        const res = await inv.call('POST', '/v1/app/app_ads_txt/check', inv.tokens.demo, { app_id: appId });
        expect(res.data, site).toMatchObject({
          status: 'unreachable',
          detail: expect.stringContaining('is not public'),
        });
      }
    } finally {
      await inv.close();
    }
  }, 180_000);
});
