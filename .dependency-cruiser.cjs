/**
 * Layers and imports (decision 0059). `npm run check:deps` runs dependency-cruiser twice:
 * this file (every import, type-only ones too) and .dependency-cruiser-modules.cjs (the API's domain
 * modules, runtime imports only, through scripts/check-module-cycles.mjs). Known violations still to untangle
 * are listed in .dependency-cruiser-known-violations.json and .dependency-cruiser-known-module-cycles.json;
 * anything new fails. `npm run check:deps:baseline` rewrites both lists (only ever to shrink them).
 */
const MODULE = '^apps/api/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment:
        'A file reaches itself through its imports (type-only imports count too: a cycle of types is a ' +
        'cycle of design). Move the shared part down into a file both import (decision 0059).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ledger-imports-no-domain',
      comment:
        'The ledger is the bottom of the money system: it imports no other domain module. What it needs ' +
        'lives in ledger, or the caller (a domain or the composition) passes it in (decision 0059).',
      severity: 'error',
      from: { path: `${MODULE}ledger/`, pathNot: '[.]test[.]ts$' },
      to: { path: MODULE, pathNot: `${MODULE}ledger/` },
    },
    {
      name: 'approvals-core-imports-no-domain',
      comment:
        'The approvals core (request, mustWait, decide) knows no domain: each domain registers its action ' +
        'and its row lock by kind, and the composition (apps/api/src/composition) fills the registry.',
      severity: 'error',
      from: { path: `${MODULE}approvals/`, pathNot: '[.]test[.]ts$' },
      to: {
        path: MODULE,
        pathNot: [`${MODULE}(approvals|audit|notifications)/`, `${MODULE}webhooks/emit[.]ts$`],
      },
    },
    {
      name: 'webhook-outbox-imports-no-domain',
      comment:
        'The webhook outbox (emit) is called by every domain, the approvals core included, in the transaction of ' +
        'its change: it imports no domain module (decision 0072).',
      severity: 'error',
      from: { path: `${MODULE}webhooks/emit[.]ts$` },
      to: { path: MODULE, pathNot: `${MODULE}webhooks/emit[.]ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    // Type-only imports are kept (and marked 'type-only'): they count for the file-cycle rule.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages (@sgx/contracts, @sgx/money, @sgx/chain) resolve through their package.json
    // "exports" to their TypeScript sources, so a cycle through a package is seen like any other.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
