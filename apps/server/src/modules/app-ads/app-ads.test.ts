import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

const a = endpoints.appAds;

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
    const [info] = await inv.callEndpoint(endpoints.account.userInfo, {}, inv.tokens.demo);
    companyId = info?.company_id ?? 0;
  }, 180_000);
  afterAll(async () => {
    await inv.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const state = () => inv.callEndpoint(a.state, { query: { app_id: appId } }, inv.tokens.demo);
  const check = () => inv.callEndpoint(a.check, { body: { app_id: appId } }, inv.tokens.demo);
  const setWebsite = (developer_website: string, token = inv.tokens.demo) =>
    inv.endpointAnswer(a.setWebsite, { body: { app_id: appId, developer_website } }, token);
  const notices = async () =>
    (await inv.callEndpoint(endpoints.notifications.list, { query: { page_size: 50 } }, inv.tokens.demo))
      .list;
  const titles = async () =>
    (await notices()).filter((n) => n.kind.startsWith('app_ads_txt')).map((n) => n.kind);

  it('shows the line from configuration, refuses bad websites with 604 and a check without one with 10151', async () => {
    const s = await state();
    expect(s).toMatchObject({
      app_id: appId,
      developer_website: null,
      line: `ads.network.example, ${companyId}, DIRECT, c3rt1d`,
      status: null,
    });
    expect((await inv.callEndpointFailure(a.check, { body: { app_id: appId } }, inv.tokens.demo)).code).toBe(
      10151,
    );
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'not a url',
      'https://',
      `https://${'a'.repeat(600)}.com`,
    ]) {
      const res = await setWebsite(bad);
      expect(res.code, bad).toBe(604);
    }
    expect((await setWebsite('x'.repeat(5000))).code).toBe(604);
    expect((await state()).developer_website).toBeNull();
  });

  it('checks on demand: file missing, then found, then wrong; notifies the admins on each turn to bad', async () => {
    const set = await inv.callEndpoint(
      a.setWebsite,
      { body: { app_id: appId, developer_website: `http://127.0.0.1:${port}/games` } },
      inv.tokens.demo,
    );
    expect(set).toMatchObject({
      domain: '127.0.0.1',
      url: `http://127.0.0.1:${port}/app-ads.txt`,
      status: null,
    });

    file = { status: 404, body: '' };
    expect(await check()).toMatchObject({
      status: 'file_missing',
      detail: 'HTTP 404',
      checked_at: clock.toISOString(),
    });
    expect(await titles()).toEqual(['app_ads_txt_missing']);
    // The same finding again notifies no one.
    expect((await check()).status).toBe('file_missing');
    expect(await titles()).toEqual(['app_ads_txt_missing']);

    file = { status: 200, body: `# ours\nads.network.example, ${companyId}, DIRECT, c3rt1d\n` };
    expect((await check()).status).toBe('found');

    file = { status: 200, body: `ads.network.example, ${companyId}, RESELLER, c3rt1d\n` };
    expect(await check()).toMatchObject({
      status: 'line_wrong',
      detail: 'relationship is RESELLER, not DIRECT',
    });
    expect(await titles()).toEqual(['app_ads_txt_wrong', 'app_ads_txt_missing']);
    const wrong = (await notices()).find((n) => n.kind === 'app_ads_txt_wrong');
    expect(wrong?.body).toContain(`ads.network.example, ${companyId}, DIRECT, c3rt1d`);
  });

  it('checks every app with a website daily on the job queue', async () => {
    file = { status: 200, body: `ads.network.example, ${companyId}, DIRECT, c3rt1d\n` };
    clock = new Date('2026-03-03T05:00:00Z');
    await inv.app.jobs.drain();
    expect(await state()).toMatchObject({ status: 'found', checked_at: clock.toISOString() });
  });

  it('keeps other organisations and members out', async () => {
    const stateAs = (token: string) => inv.callEndpointFailure(a.state, { query: { app_id: appId } }, token);
    expect((await stateAs(inv.tokens.other)).code).toBe(402);
    expect((await stateAs(inv.tokens.member)).code).toBe(402);
    expect((await setWebsite('https://x.com', inv.tokens.other)).code).toBe(402);
    const mine = (await inv.callEndpoint(a.list, {}, inv.tokens.other)).list;
    expect(mine.some((s) => s.app_id === appId)).toBe(false);
    const ours = (await inv.callEndpoint(a.list, {}, inv.tokens.demo)).list;
    expect(ours.find((s) => s.app_id === appId)?.status).toBe('found');
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
        // Saved (callEndpoint throws unless the answer is a success).
        await inv.callEndpoint(
          a.setWebsite,
          { body: { app_id: appId, developer_website: site } },
          inv.tokens.demo,
        );
        const res = await inv.callEndpoint(a.check, { body: { app_id: appId } }, inv.tokens.demo);
        expect(res, site).toMatchObject({
          status: 'unreachable',
          detail: expect.stringContaining('is not public'),
        });
      }
    } finally {
      await inv.close();
    }
  }, 180_000);
});
