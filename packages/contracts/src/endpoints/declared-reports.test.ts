import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineReport } from '../report-registry/define-report.ts';
import { reportRegistry } from '../report-registry/index.ts';
import { declaredExportQuery, declaredListQuery } from '../reports-declared.ts';
import type { Endpoint } from './define.ts';
import fixtureJson from './fixtures/declared-report-entries.json';
import { reportsEndpoints } from './reports.ts';

/**
 * What the table held before its declared kinds' entries were generated (fixtures/, taken from the
 * hand-written entries): each entry's own keys in order, method, path, caller, answer, the JSON Schema
 * of its query (as sent and as parsed) and of its data, and what its query made of sample inputs.
 */
type Fixture = {
  entries: Record<string, unknown>;
  inputs: Record<string, string | undefined>[];
  parses: Record<string, unknown[]>;
};
const fixture: Fixture = fixtureJson;

/** A schema as JSON Schema, as sent and as parsed (null without one). */
const jsonSchema = (s: z.ZodType | undefined) =>
  s
    ? {
        in: z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }),
        out: z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }),
      }
    : null;

/** An entry as the fixture describes it. */
const described = (e: Endpoint) => ({
  keys: Object.keys(e),
  method: e.method,
  path: e.path,
  caller: e.caller,
  answer: e.answer,
  query: jsonSchema(e.query),
  data: jsonSchema(e.data),
});

const table = reportsEndpoints as Record<string, Endpoint>;

describe('the declared kinds’ list and export entries (generated from the report registry)', () => {
  it('are the hand-written entries they replaced, byte for byte', () => {
    const names = Object.keys(fixture.entries);
    expect(names.sort()).toEqual(
      Object.keys(table)
        .filter((n) => /^(rtb|affiliate|game|gx)(List|Export)$/.test(n))
        .sort(),
    );
    for (const name of names) {
      const entry = table[name];
      if (!entry) throw new Error(`no ${name}`);
      // JSON text, not toEqual: the order of keys (the OpenAPI document's parameter order) counts too.
      expect(JSON.stringify(described(entry)), name).toBe(JSON.stringify(fixture.entries[name]));
    }
  });

  it('parse what the hand-written queries parsed, to the same values and the same refusals', () => {
    for (const [name, expected] of Object.entries(fixture.parses)) {
      const query = table[name]?.query;
      if (!query) throw new Error(`no ${name} query`);
      const got = fixture.inputs.map((input) => {
        const r = query.safeParse(input);
        return r.success
          ? { success: true, data: r.data }
          : { success: false, fields: r.error.issues.map((i) => String(i.path[0])) };
      });
      expect(JSON.stringify(got), name).toBe(JSON.stringify(expected));
    }
  });

  it('build a new kind’s list and export queries from its declaration alone', () => {
    const kind = defineReport({
      ...reportRegistry.rtb,
      kind: 'walk',
      query: {
        style: 'list',
        scope: { column: 'channel', by: 'rtb' },
        filters: [{ param: 'zone', check: 'text', title: { zh: '区域', en: 'Zone' } }],
      },
    });
    expect(Object.keys(declaredListQuery(kind).shape)).toContain('zone');
    expect(Object.keys(declaredExportQuery(kind).shape)).toEqual(
      expect.arrayContaining(['zone', 'format', 'titles']),
    );
    expect(Object.keys(declaredExportQuery(kind).shape)).not.toContain('page_index');
    expect(() => declaredListQuery(reportRegistry.sdk)).toThrow(/declares no query/);
  });
});
