import { endpoints } from '@portal/contracts/endpoints.ts';
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
    const call = inv.callEndpoint;
    const made = await call(
      endpoints.apps.create,
      { body: appForm('com.othermedia.queued', 'Queued') },
      inv.tokens.other,
    );
    const slot = await call(
      endpoints.placements.create,
      { body: { app: { id: made.id }, adpos_name: 'Queued Slot', ad_style: 3, content_type: [1] } },
      inv.tokens.other,
    );
    const queue = await call(endpoints.ops.review, {}, inv.tokens.ops);
    expect(queue.apps.map((a) => a.app_name)).toEqual(['Bubble Pop Mania', 'Queued']);
    expect(queue.apps[1]).toMatchObject({
      publisher_name: 'Other Media',
      package_name: 'com.othermedia.queued',
    });
    expect(queue.adpos.map((s) => s.adpos_name)).toContain('Queued Slot');
    await call(endpoints.apps.setStatus, { body: { id: made.id, audit_status: 2 } }, inv.tokens.ops);
    await call(
      endpoints.placements.setStatus,
      { body: { id: slot.adpos_id, audit_status: 4, reason: 'Duplicate of another slot' } },
      inv.tokens.ops,
    );
    const after = await call(endpoints.ops.review, {}, inv.tokens.ops);
    expect(after.apps.map((a) => a.app_name)).toEqual(['Bubble Pop Mania']);
    expect(after.adpos.map((s) => s.adpos_name)).not.toContain('Queued Slot');
    const todo = await call(endpoints.ops.todo, { query: { page_size: 2 } }, inv.tokens.ops);
    expect(todo.total).toBe(4);
    expect(todo.list.map((t) => [t.entity, t.action_type, t.to_status])).toEqual([
      ['adpos', 2, 4],
      ['app', 2, 2],
    ]);
  });

  it('serves the two-level Google Play categories in both languages', async () => {
    const industries = endpoints.catalogue.industries;
    const en = await inv.callEndpoint(industries, {}, inv.tokens.demo);
    const top = en.filter((i) => i.parent_id === -1);
    expect(top.map((i) => i.name)).toEqual(['Apps', 'Games']);
    const games = en.filter((i) => i.parent_id === 2).map((i) => i.name);
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
    const apps = en.filter((i) => i.parent_id === 1).map((i) => i.name);
    expect(apps.slice(0, 2)).toEqual(['Art & Design', 'Auto & Vehicles']);
    const zh = await inv.callEndpoint(industries, {}, inv.tokens.demo, 'zh-CN');
    expect(zh.find((i) => i.id === 2)?.name).toBe('游戏');
  });
});

describe('demo profit centres', () => {
  it('seeds them idempotently for the operations dialog', async () => {
    const { seedDemoProfitCenters, demoProfitCenters } = await import('../../demo/profit-centers.ts');
    const inv = await createInventory();
    try {
      await seedDemoProfitCenters(inv.app.db);
      await seedDemoProfitCenters(inv.app.db);
      const listed = await inv.callEndpoint(endpoints.ops.profitCenters, {}, inv.tokens.ops);
      expect(listed.map((p) => p.id).sort()).toEqual(demoProfitCenters.map((p) => p.id).sort());
    } finally {
      await inv.close();
    }
  }, 180_000);
});
