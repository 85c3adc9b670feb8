import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const call = async (url: string) =>
      (await t.app.inject({ url, headers: { token, 'accept-language': 'en' } })).json();
    expect((await call('/v1/test_devices')).data.list.map((d: { name: string }) => d.name)).toEqual([
      'Pixel 8 (QA)',
      'iPhone 15 (QA)',
    ]);
    const states = (await call('/v1/app/app_ads_txt/list')).data.list;
    const statusOf = (name: string) => states.find((s: { app_name: string }) => s.app_name === name)?.status;
    expect([statusOf('Puzzle Quest Saga'), statusOf('Merge Kingdom'), statusOf('Word Blitz')]).toEqual([
      'found',
      'line_missing',
      'line_wrong',
    ]);
    const bell = (await call('/v1/notifications')).data.list;
    expect(bell.find((n: { kind: string }) => n.kind === 'app_ads_txt_missing').title).toContain(
      'Merge Kingdom',
    );
  });
});
