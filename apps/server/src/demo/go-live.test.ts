import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointCallers } from '../test/json-caller.ts';
import { loginAs } from '../test/login.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './accounts.ts';
import { seedDemoGoLive } from './go-live.ts';

describe('demo go-live state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({});
    await seedDemoAccounts(t.app.db);
  }, 180_000);
  afterAll(async () => t.close());

  it('gives the demo publishers test devices, app-ads.txt states and a finding in the bell, once', async () => {
    expect(await seedDemoGoLive(t.app.db, t.app.now(), t.app.config.goLive)).toBe(3);
    expect(await seedDemoGoLive(t.app.db, t.app.now(), t.app.config.goLive)).toBe(0);
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const { call } = endpointCallers(t.app);
    expect((await call(endpoints.testDevices.list, {}, token)).list.map((d) => d.name)).toEqual([
      'Pixel 8 (QA)',
      'iPhone 15 (QA)',
    ]);
    const states = (await call(endpoints.appAds.list, {}, token)).list;
    const statusOf = (name: string) => states.find((s) => s.app_name === name)?.status;
    expect([statusOf('Puzzle Quest Saga'), statusOf('Merge Kingdom'), statusOf('Word Blitz')]).toEqual([
      'found',
      'line_missing',
      'line_wrong',
    ]);
    const bell = (await call(endpoints.notifications.list, {}, token)).list;
    expect(bell.find((n) => n.kind === 'app_ads_txt_missing')?.title).toContain('Merge Kingdom');
  });
});
