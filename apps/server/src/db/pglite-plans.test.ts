import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPlanned, withKeptPlans } from './pglite-plans.ts';

describe('kept plans on the embedded store (issue 26 item 2)', () => {
  let client: PGlite;
  let kept: PGlite;
  const byName = 'select id, name from t where name = $1 and id < $2 order by id';
  const statements = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    client = new PGlite();
    await client.exec(
      "create table t (id int primary key, name text); insert into t values (1, 'a_1'), (2, 'b'), (3, 'it''s')",
    );
    keepPlanned('t_by_name', byName);
    kept = withKeptPlans(client);
  });
  afterAll(async () => client.close());

  it('runs a registered statement from a statement prepared once, with the same rows', async () => {
    expect(await statements()).toEqual([]);
    const first = await kept.query(byName, ['a_1', 10]);
    const again = await kept.query(byName, ['b', 10]);
    expect(first.rows).toEqual((await client.query(byName, ['a_1', 10])).rows);
    expect(again.rows).toEqual([{ id: 2, name: 'b' }]);
    expect(await statements()).toEqual(['t_by_name']);
  });

  it('runs a call whose parameters would need quoting as before, so a quote is data, not SQL', async () => {
    const quoted = await kept.query(byName, ["it's", 10]);
    expect(quoted.rows).toEqual([{ id: 3, name: "it's" }]);
    const injected = await kept.query(byName, ["b') or ('1'='1", 10]);
    expect(injected.rows).toEqual([]);
    // Not an integer: not written as a literal, so PGlite answers exactly as it does unwrapped.
    await expect(client.query(byName, ['b', 2.5])).rejects.toThrow(/invalid input syntax for type integer/);
    await expect(kept.query(byName, ['b', 2.5])).rejects.toThrow(/invalid input syntax for type integer/);
  });

  it('leaves unregistered statements alone', async () => {
    const other = 'select count(*)::int as n from t where id > $1';
    expect((await kept.query(other, [1])).rows).toEqual([{ n: 2 }]);
    expect(await statements()).toEqual(['t_by_name']);
  });

  it('runs a statement PGlite cannot prepare as before, from then on', async () => {
    const broken = 'select nope from t where id = $1';
    keepPlanned('broken_one', broken);
    await expect(kept.query(broken, [1])).rejects.toThrow(/nope/);
    await expect(kept.query(broken, [1])).rejects.toThrow(/nope/);
    expect(await statements()).not.toContain('broken_one');
  });

  it('refuses a statement name that is not an SQL identifier', () => {
    expect(() => keepPlanned('x; drop table t', 'select 1')).toThrow(/not a statement name/);
  });
});
