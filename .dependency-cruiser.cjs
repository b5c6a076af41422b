// Where code may import from: the one way per layer (see docs/architecture.md).
// `npm test` runs this in its lint suite; `npm run lint:deps` runs it alone.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-feature-to-feature',
      comment:
        'A server feature uses another only through its service, wired in app.ts and ' +
        'imported as a type: never its repository, routes or helpers.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/', pathNot: '\\.test\\.ts$|\\.test-helpers\\.ts$' },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: ['^apps/server/src/features/$1/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-feature-types-only-from-services',
      comment: 'What one feature knows of another is the type of its service.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/', pathNot: '\\.test\\.ts$|\\.test-helpers\\.ts$' },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: ['^apps/server/src/features/$1/', '\\.service\\.ts$'],
        dependencyTypes: ['type-only'],
      },
    },
    {
      name: 'server-shared-layers-below-features',
      comment: 'http, db, mail, royalroad and lib are used by features and never use them.',
      severity: 'error',
      from: { path: '^apps/server/src/(http|db|mail|royalroad|lib)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'kysely-in-repositories-and-db',
      comment: 'Only repositories (and the database module) write SQL.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.repository\\.ts$', '^apps/server/src/db/', '\\.test\\.ts$', '\\.test-helpers\\.ts$'],
      },
      to: { path: 'node_modules/kysely/' },
    },
    {
      name: 'web-feature-to-feature',
      comment: 'Web features do not import each other; pages that combine them live in src/app.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'src/lib and src/components are building blocks: they import neither features nor app.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'The app composes features; features never reach up into it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'no-relative-reach-into-another-workspace',
      comment: 'Another workspace is imported by its package name (@rrc/...), never by a relative path.',
      severity: 'error',
      from: { path: '^(apps/[^/]+|packages/[^/]+|e2e|bench|scripts)/' },
      to: {
        pathNot: '^$1/|node_modules/',
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased-workspace'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};
