/**
 * The demo notification history (issue 27 item 4): the demo users find some notifications, read and
 * unread, rendered in both languages with links to their objects.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointCallers } from '../test/json-caller.ts';
import { loginAs } from '../test/login.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './accounts.ts';
import { seedDemoNotifications } from './notifications.ts';

describe('demo notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(t.app.db);
    expect(await seedDemoNotifications(t.app.db, new Date())).toBeGreaterThan(0);
    // A resumed seed writes it once.
    expect(await seedDemoNotifications(t.app.db, new Date())).toBe(0);
  }, 120_000);
  afterAll(async () => t?.close());

  const list = async (email: string, lang: string) => {
    const token = await loginAs(t.app, email, DEMO_PASSWORD);
    return endpointCallers(t.app).call(endpoints.notifications.list, {}, token, lang);
  };

  it('gives each demo publisher a history, newest first, some unread, with links to real objects', async () => {
    const demo = await list('demo@example.com', 'en');
    expect(demo.list.length).toBeGreaterThanOrEqual(5);
    expect(demo.unread).toBe(demo.list.filter((n) => !n.read).length);
    expect(demo.unread).toBeGreaterThan(0);
    expect(demo.list[0]?.kind).toBe('app_rejected');
    expect(demo.list[0]?.body).toContain('Reason:');
    for (const n of demo.list) {
      expect(n.title).not.toMatch(/\{\w+\}/);
      expect(n.link).not.toMatch(/=0$/);
    }
    const zh = await list('demo@example.com', 'zh-CN');
    expect(zh.list[0]?.title).toBe('应用「Bubble Pop Mania」未通过审核');
    expect((await list('member@example.com', 'en')).list.length).toBeGreaterThan(0);
    expect((await list('other@example.com', 'en')).list.length).toBeGreaterThan(0);
  });
});
