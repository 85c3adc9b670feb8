/**
 * Import boundaries (issue 15 item 4; architecture.md "imports run one way"), checked by `npm test`:
 * - no cycle anywhere (issue 24 item 5): in every folder of the apps (the web's build files beside
 *   src/ and the server's drizzle.config.ts too), the contracts, e2e/, bench/, scripts/ and the root
 *   vitest.config.ts, no file reaches itself through its imports, type-only imports included (the
 *   paths are those of `npm run deps` and scripts/test.mjs);
 * - server: db and lib at the bottom, then plugins, then the report engine (src/reports) and the
 *   modules; no layer imports one above it, and production code never imports test helpers;
 * - web: lib and components never import a feature or the app shell, no feature imports another, and
 *   production code never imports test helpers;
 * - contracts import neither app.
 * Tests may reach across (they assemble what they test).
 */
const test = '\\.test\\.tsx?$';
const server = '^apps/server/src/';
const web = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'server-bottom-imports-up',
      comment:
        'db/ and lib/ are the bottom layers: they import no plugin, module, report engine or demo code.',
      severity: 'error',
      from: { path: `${server}(db|lib)/`, pathNot: test },
      to: { path: `${server}(plugins|modules|reports|demo)/` },
    },
    {
      name: 'server-plugins-import-modules',
      comment: 'Plugins sit below the modules: what a plugin needs from a module is passed in by app.ts.',
      severity: 'error',
      from: { path: `${server}plugins/`, pathNot: test },
      to: { path: `${server}(modules|demo)/` },
    },
    {
      name: 'server-report-engine-imports-modules',
      comment:
        'The report engine (catalogue, query builder, stores, export, import) serves the modules, never the reverse.',
      severity: 'error',
      from: { path: `${server}reports/`, pathNot: test },
      to: { path: `${server}(modules|plugins|demo)/` },
    },
    {
      name: 'server-production-imports-test',
      comment: 'Fixtures and test helpers live under test/ and only tests import them.',
      severity: 'error',
      from: { path: `${server}`, pathNot: [test, `${server}test/`] },
      to: { path: `${server}test/` },
    },
    {
      name: 'no-circular',
      comment:
        'No file reaches itself through its imports, in any folder of any package (a cycle makes load order matter and the layers meaningless). Tests included: a test helper that imports back into what it tests is a cycle too.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-production-imports-test',
      comment: 'Web test helpers live under src/test/ and only tests import them.',
      severity: 'error',
      from: { path: `${web}`, pathNot: [test, `${web}test/`] },
      to: { path: `${web}test/` },
    },
    {
      name: 'web-lib-imports-feature',
      comment:
        'lib/ and components/ are shared by every feature: they import no feature and not the app shell.',
      severity: 'error',
      from: { path: `${web}(lib|components)/`, pathNot: test },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'web-feature-imports-feature',
      comment:
        'A feature uses lib/, components/ and contracts, never another feature (the app shell joins them).',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/`, pathNot: test },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'contracts-import-app',
      comment: 'The contracts are shared by both sides and depend on neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // The web's `@/…` alias (apps/web/tsconfig.json `paths`), so the web rules see imports written with it.
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.json') },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
