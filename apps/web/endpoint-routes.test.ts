import { endpointList } from '@portal/contracts/endpoints.ts';
import { describe, expect, it } from 'vitest';
import { endpointRoutesPlugin, routesModule } from './endpoint-routes.ts';

/** The object a generated module exports (it is one `export const x = <JSON>;`). */
function exported(code: string): { name: string; value: Record<string, Record<string, unknown>> } {
  const m = /^export const (\w+) = (.*);\n$/s.exec(code);
  if (!m?.[1] || !m[2]) throw new Error(`unexpected module: ${code.slice(0, 80)}`);
  return { name: m[1], value: JSON.parse(m[2]) };
}

describe('endpoint routes of the web bundle', () => {
  it("loads each area file as its entries' method, path, caller and answer, without schemas", () => {
    const { name, value } = exported(routesModule('payments-ops') ?? '');
    expect(name).toBe('paymentsOpsEndpoints');
    expect(value.hold).toEqual({
      method: 'POST',
      path: '/v1/ops/payments/statements/:id/hold',
      caller: 'session',
      answer: 'envelope',
    });
    for (const entry of Object.values(value))
      expect(Object.keys(entry).sort()).toEqual(['answer', 'caller', 'method', 'path']);
  });

  it('covers every entry of the table, the same method and path', () => {
    const areas = [
      'account',
      'app-ads',
      'apps',
      'catalogue',
      'external',
      'home',
      'members',
      'notifications',
      'ops',
      'organisation',
      'payments',
      'payments-ops',
      'placements',
      'report-views',
      'reports',
      'security',
      'test-devices',
    ];
    const routes = areas.flatMap((a) => {
      const { name, value } = exported(routesModule(a) ?? '');
      const area = name.replace(/Endpoints$/, '');
      return Object.entries(value).map(([n, e]) => `${area}.${n} ${e.method} ${e.path}`);
    });
    expect(routes.sort()).toEqual(
      endpointList.map((n) => `${n.name} ${n.endpoint.method} ${n.endpoint.path}`).sort(),
    );
  });

  it('replaces area files only, by their path', () => {
    const load = endpointRoutesPlugin().load as (id: string) => string | null;
    expect(load('/repo/packages/contracts/src/endpoints/home.ts')).toContain('homeEndpoints');
    expect(load('/repo/packages/contracts/src/endpoints/define.ts')).toBeNull();
    expect(load('/repo/packages/contracts/src/endpoints.ts')).toBeNull();
    expect(load('/repo/packages/contracts/src/home.ts')).toBeNull();
  });
});
