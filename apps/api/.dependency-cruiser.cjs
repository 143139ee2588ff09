/**
 * The API's module boundaries (issue #16, docs/architecture.md), checked in `npm test`
 * (scripts/boundaries.mjs):
 * - a module uses another only through its public `index.ts` — never its repository, service or table file —
 *   and an index exports no repository function (a service function named for what it does instead);
 * - the web framework stays in the HTTP layer: no service or repository imports Fastify;
 * - no import cycles that exist at run time (an `import type` cycle vanishes when compiled).
 * Tests may reach a module's insides (they test them); the rules apply to everything else.
 */
const notTest = '(\\.test\\.ts$|^test/|^bench/)';
module.exports = {
  forbidden: [
    {
      name: 'module-through-its-index',
      comment: 'Another module is used through its index.ts only (its public entry).',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: notTest },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-index',
      comment: 'Code outside the modules (app, db, plugins, cli, worker) uses a module through its index.ts only.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/', '^src/app\\.ts$', '^src/db/seed/', notTest] },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    // A public entry exports services, never its repository: other modules get a function named for what it does.
    { name: 'index-exports-no-repository', severity: 'error', from: { path: '^src/modules/[^/]+/index\\.ts$' }, to: { path: '\\.repository\\.ts$' } },
    {
      name: 'composition-roots',
      comment: 'app.ts mounts routes and plugins, db/seed runs seeds; for anything else they use the index too.',
      severity: 'error',
      from: { path: '^(src/app\\.ts|src/db/seed/)' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/[^/]+/index\\.ts$', '\\.(routes|plugin|seed)\\.ts$'] },
    },
    {
      name: 'services-without-fastify',
      comment: 'Services and repositories take a plain context (src/context.ts); only routes and plugins know HTTP.',
      severity: 'error',
      from: { path: '\\.(service|repository)\\.ts$' },
      to: { path: '(^|/)node_modules/(fastify|fastify-plugin|@fastify/[^/]+|fastify-type-provider-zod)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle that exists at run time.',
      severity: 'error',
      from: { pathNot: notTest },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    exclude: { path: '^dist/' },
  },
};
