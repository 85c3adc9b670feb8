/**
 * The route table names its screens (lib/route-table.ts); every name must resolve to a module here,
 * else the route would silently fall back to the coming-soon screen.
 */
import { reportScreens } from '@portal/contracts/report-registry/index.ts';
import { describe, expect, it } from 'vitest';
import { routeTable } from '@/lib/route-table.ts';
import { hasPrefetcher, loaders, screenByPath, screenFor } from './route-table.tsx';

describe('route table screens', () => {
  it('every table entry resolves to its own screen module, and named prefetchers resolve', () => {
    for (const e of routeTable) {
      expect(loaders[e.path], `${e.path} → ${e.screen}`).toBeTypeOf('function');
      expect(screenFor(e.path)).toBe(screenByPath[e.path]);
      expect(hasPrefetcher(e.path), `${e.path} prefetch`).toBe(e.prefetch !== undefined);
    }
    expect(Object.keys(loaders)).toHaveLength(routeTable.length);
    expect(new Set(routeTable.map((e) => e.path)).size).toBe(routeTable.length);
  });

  it('a path outside the table gets the coming-soon screen', () => {
    expect(screenFor('/no/such')).not.toBe(screenByPath['/report/sdk']);
    expect(screenByPath['/no/such']).toBeUndefined();
  });

  it('has one route per declared report screen, every one but the SDK report on the declared page', () => {
    const routes = reportScreens.map((s) => routeTable.find((e) => e.path === s.path));
    expect(routes.map((e) => [e?.titleKey, e?.screen, e?.access])).toEqual(
      reportScreens.map((s) => [
        s.key,
        s.id === 'sdk' ? 'reports/pages/sdk-report-page' : 'reports/pages/declared-report-page',
        'menu',
      ]),
    );
    expect(
      routeTable.filter((e) => e.screen.startsWith('reports/pages/') && e.access === 'menu'),
    ).toHaveLength(reportScreens.length);
  });

  it('the SDK report module loads and exports a page component', async () => {
    const mod = await loaders['/report/sdk']?.();
    expect(mod?.default).toBeTypeOf('function');
  });
});
