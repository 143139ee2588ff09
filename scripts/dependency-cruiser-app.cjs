// The boundaries of a front-end app (apps/web, apps/backoffice), written once and used by both apps'
// .dependency-cruiser.cjs. Paths are relative to the app's folder: scripts/boundaries.mjs runs
// depcruise there, so that tsconfig.json resolves the imports exactly as tsc and Vite do.
//
// A feature owns its screens; what two features share lives in components/ (UI pieces) or lib/
// (query options, hooks, helpers), so a feature can be read, moved or removed without opening another.
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      comment:
        'A feature never imports another feature: move the shared piece to components/ or lib/, or link to the other feature’s route.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-not-to-features-or-app',
      comment: 'components/ and lib/ serve every feature, so they never depend on a feature or on the app shell.',
      severity: 'error',
      from: { path: '^src/(components|lib)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in src.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves (Vite’s virtual: modules exist only at build time and are left out).',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, pathNot: ['^virtual:', '\\?(url|raw|worker)$'] },
    },
  ],
  options: {
    // Type-only imports count too: a type borrowed from another feature is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // The contract is its own package with its own checks; stop at its entry.
    exclude: { path: '(^|/)packages/contract/' },
  },
};
