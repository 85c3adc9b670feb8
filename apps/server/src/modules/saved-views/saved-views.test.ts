/**
 * Saved report views (issue 13 item 7): a private view is its owner's alone, a shared one is seen by
 * the members of the owner's organisation and by nobody else, only the owner changes or deletes it,
 * paging is never kept, and bad input answers 604.
 */
import { type EndpointBody, endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { failureEnvelope } from '../../lib/route-schema.ts';
import { endpointCallers, errorFields } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

const v = endpoints.reportViews;

describe.each(testDbKinds)('saved report views on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 120_000);
  afterAll(async () => f?.close());

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const typed: ReturnType<typeof endpointCallers>['call'] = (...args) => endpointCallers(f.app).call(...args);
  const fail: ReturnType<typeof endpointCallers>['fail'] = (...args) => endpointCallers(f.app).fail(...args);
  const query = {
    dt: '20260108,20260114',
    preset: 'last_7_days',
    compare: 'previous',
    fields: 'dt,app_key,revenue,ecpm',
    titles: 'Date,App,Revenue,eCPM',
    order: 'revenue:desc',
    country: 'US',
    page_index: '3',
    page_size: '50',
  };
  const save = (token: string, name: string, shared: boolean) =>
    typed(v.create, { body: { kind: 'sdk', name, shared, query } }, token);
  const list = (token: string, kind: 'sdk' | 'game' = 'sdk') => typed(v.list, { query: { kind } }, token);
  const names = async (token: string) => (await list(token)).list.map((x) => x.name);

  it('keeps the whole page state but paging, and shows private views to their owner only', async () => {
    const mine = await save(f.tokens.demo, 'Admin private', false);
    const { page_index: _p, page_size: _s, ...kept } = query;
    expect(mine.query).toEqual(kept);
    const [row] = await f.app.db.select().from(savedViews).where(eq(savedViews.id, mine.id));
    expect(row?.query).toEqual(kept);
    expect(await names(f.tokens.demo)).toContain('Admin private');
    expect(await names(f.tokens.member)).not.toContain('Admin private');
    expect(await names(f.tokens.other)).not.toContain('Admin private');
  });

  it('shares a view with the organisation only, and only its owner may change or delete it', async () => {
    const shared = await save(f.tokens.member, 'Team revenue', true);
    expect(await names(f.tokens.demo)).toContain('Team revenue');
    expect(await names(f.tokens.other)).not.toContain('Team revenue');
    const seen = (await list(f.tokens.demo)).list.find((x) => x.id === shared.id);
    expect(seen).toMatchObject({ mine: false, shared: true, owner_name: 'Demo Member' });

    const edit: EndpointBody<typeof v.update> = { kind: 'sdk', name: 'Hijacked', shared: true, query: {} };
    const params = { id: shared.id };
    expect((await fail(v.update, { params, body: edit }, f.tokens.demo)).code).toBe(10008);
    expect((await fail(v.update, { params, body: edit }, f.tokens.other)).code).toBe(10008);
    expect((await fail(v.remove, { params }, f.tokens.demo)).code).toBe(10008);
    expect(await names(f.tokens.member)).toContain('Team revenue');

    const own = await typed(
      v.update,
      { params, body: { ...edit, name: 'Team revenue (private)', shared: false } },
      f.tokens.member,
    );
    expect(own).toMatchObject({ id: shared.id, name: 'Team revenue (private)', shared: false });
    expect(await names(f.tokens.demo)).not.toContain('Team revenue (private)');
    expect(await typed(v.remove, { params }, f.tokens.member)).toBeNull();
    expect(await names(f.tokens.member)).not.toContain('Team revenue (private)');
  });

  it('lists only the asked kind and refuses kinds the caller may not open', async () => {
    await save(f.tokens.demo, 'SDK only', true);
    expect((await fail(v.list, { query: { kind: 'rtb' } }, f.tokens.member)).code).toBe(402);
    expect(await names(f.tokens.member)).toContain('SDK only');
    const game = await list(f.tokens.member, 'game');
    expect(game.list.map((x) => x.name)).not.toContain('SDK only');
  });

  it('answers 604 with field errors on bad input', async () => {
    const bad = [
      { kind: 'sdk', name: '', shared: false, query: {} },
      { kind: 'nope', name: 'x', shared: false, query: {} },
      { kind: 'sdk', name: 'x', shared: 'yes', query: {} },
      { kind: 'sdk', name: 'x', shared: false, query: { 'Bad-Key': 'v' } },
      { kind: 'sdk', name: 'x', shared: false, query: { dt: 'x'.repeat(2001) } },
    ];
    for (const payload of bad) {
      const body = await f.sendRaw('POST', '/v1/report/views', f.tokens.demo, payload);
      expect(body.code).toBe(604);
      expect(errorFields(failureEnvelope.parse(body)).length).toBeGreaterThan(0);
    }
    expect((await f.sendRaw('GET', '/v1/report/views', f.tokens.demo, { kind: 'zzz' })).code).toBe(604);
    expect((await fail(v.remove, { params: { id: 'abc' } }, f.tokens.demo)).code).toBe(604);
  });
  it("keeps other members' schedules: their view cannot be deleted, made private or moved while they exist", async () => {
    const view = await save(f.tokens.member, 'Scheduled by others', true);
    const schedule = (token: string) =>
      typed(
        v.createSchedule,
        {
          body: {
            view_id: view.id,
            frequency: 'daily',
            hour: 8,
            timezone: 'UTC',
            recipients: ['demo@example.com'],
            format: 'csv',
          },
        },
        token,
      );
    const theirs = await schedule(f.tokens.demo);
    expect(theirs.view_id).toBe(view.id);
    const schedulesOf = async () =>
      (await f.app.db.select().from(reportSchedules).where(eq(reportSchedules.view_id, view.id))).length;

    const params = { id: view.id };
    const refusedAs = (endpoint: typeof v.update | typeof v.remove, body?: EndpointBody<typeof v.update>) =>
      fail(endpoint, body ? { params, body } : { params }, f.tokens.member);
    expect(await refusedAs(v.remove)).toMatchObject({ code: 10033, data: { schedules: 1 } });
    const body: EndpointBody<typeof v.update> = {
      kind: 'sdk',
      name: 'Scheduled by others',
      shared: false,
      query,
    };
    expect((await refusedAs(v.update, body)).code).toBe(10033);
    expect((await refusedAs(v.update, { ...body, shared: true, kind: 'game' })).code).toBe(10033);
    expect(await names(f.tokens.demo)).toContain('Scheduled by others');
    expect(await schedulesOf()).toBe(1);
    // A change that keeps it shared and of its kind is the owner's to make.
    const renamed = { ...body, shared: true, name: 'Scheduled by others (renamed)' };
    expect((await typed(v.update, { params, body: renamed }, f.tokens.member)).name).toBe(
      'Scheduled by others (renamed)',
    );

    // The owner's own schedule never blocks: once the other member's is gone, both go with the view.
    expect((await schedule(f.tokens.member)).view_id).toBe(view.id);
    expect(await typed(v.removeSchedule, { params: { id: theirs.id } }, f.tokens.demo)).toBeNull();
    expect(await typed(v.remove, { params }, f.tokens.member)).toBeNull();
    expect(await schedulesOf()).toBe(0);
  });
});
