import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForm, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('operations review queue on %s', (db) => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory({ db });
  }, 180_000);
  afterAll(async () => inv.close());

  it('lists apps and ad slots under review across organisations; a decision removes them', async () => {
    const made = await inv.call(
      'POST',
      '/v1/app',
      inv.tokens.other,
      appForm('com.othermedia.queued', 'Queued'),
    );
    const slot = await inv.call('POST', '/v1/adpos', inv.tokens.other, {
      app: { id: made.data.id },
      adpos_name: 'Queued Slot',
      ad_style: 3,
      content_type: [1],
    });
    const queue = await inv.call('GET', '/v1/ops/review', inv.tokens.ops);
    expect(queue.data.apps.map((a: { app_name: string }) => a.app_name)).toEqual([
      'Bubble Pop Mania',
      'Queued',
    ]);
    expect(queue.data.apps[1]).toMatchObject({
      publisher_name: 'Other Media',
      package_name: 'com.othermedia.queued',
    });
    expect(queue.data.adpos.map((s: { adpos_name: string }) => s.adpos_name)).toContain('Queued Slot');
    await inv.call('PUT', '/v1/app/status', inv.tokens.ops, { id: made.data.id, audit_status: 2 });
    await inv.call('PUT', '/v1/adpos/status', inv.tokens.ops, {
      id: slot.data.adpos_id,
      audit_status: 4,
      reason: 'Duplicate of another slot',
    });
    const after = await inv.call('GET', '/v1/ops/review', inv.tokens.ops);
    expect(after.data.apps.map((a: { app_name: string }) => a.app_name)).toEqual(['Bubble Pop Mania']);
    expect(after.data.adpos.map((s: { adpos_name: string }) => s.adpos_name)).not.toContain('Queued Slot');
    const todo = await inv.call('GET', '/v1/ops/todo', inv.tokens.ops, { page_size: 2 });
    expect(todo.data.total).toBe(4);
    expect(
      todo.data.list.map((t: { entity: string; action_type: number; to_status: number }) => [
        t.entity,
        t.action_type,
        t.to_status,
      ]),
    ).toEqual([
      ['adpos', 2, 4],
      ['app', 2, 2],
    ]);
  });

  it('serves the two-level Google Play categories in both languages', async () => {
    const en = await inv.call('GET', '/v1/industry', inv.tokens.demo);
    const top = en.data.filter((i: { parent_id: number }) => i.parent_id === -1);
    expect(top.map((i: { name: string }) => i.name)).toEqual(['Apps', 'Games']);
    const games = en.data
      .filter((i: { parent_id: number }) => i.parent_id === 2)
      .map((i: { name: string }) => i.name);
    expect(games).toEqual([
      'Action',
      'Adventure',
      'Arcade',
      'Board',
      'Card',
      'Casino',
      'Casual',
      'Educational',
      'Music',
      'Puzzle',
      'Racing',
      'Role Playing',
      'Simulation',
      'Sports',
      'Strategy',
      'Trivia',
      'Word',
    ]);
    const apps = en.data
      .filter((i: { parent_id: number }) => i.parent_id === 1)
      .map((i: { name: string }) => i.name);
    expect(apps.slice(0, 2)).toEqual(['Art & Design', 'Auto & Vehicles']);
    const zh = await inv.call('GET', '/v1/industry', inv.tokens.demo, undefined, 'zh-CN');
    expect(zh.data.find((i: { id: number }) => i.id === 2).name).toBe('游戏');
  });
});

describe('demo profit centres', () => {
  it('seeds them idempotently for the operations dialog', async () => {
    const { seedDemoProfitCenters, demoProfitCenters } = await import('../../demo/profit-centers.ts');
    const inv = await createInventory();
    try {
      await seedDemoProfitCenters(inv.app.db);
      await seedDemoProfitCenters(inv.app.db);
      const listed = await inv.call('GET', '/v1/ops/profit_center', inv.tokens.ops);
      expect(listed.data.map((p: { id: number }) => p.id).sort()).toEqual(
        demoProfitCenters.map((p) => p.id).sort(),
      );
    } finally {
      await inv.close();
    }
  }, 180_000);
});
