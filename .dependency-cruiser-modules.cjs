/**
 * The API's domain modules (apps/api/src/modules/*) import each other in no circle through runtime
 * imports (decision 0059). dependency-cruiser's folder scope sees each module folder as one node. Type-only
 * imports are left out here (tsPreCompilationDeps: false: what runs is the transpiled JavaScript), and so
 * are tests and their fixtures, which sit above every module.
 */
const base = require('./.dependency-cruiser.cjs');

const MODULE_FOLDER = '^apps/api/src/modules/[^/]+';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment:
        'Two domain modules reach each other through runtime imports. The lower one must not know the ' +
        'upper one: register a callback with it, or move the cross-module work to apps/api/src/composition.',
      severity: 'error',
      scope: 'folder',
      from: { path: MODULE_FOLDER },
      to: { path: MODULE_FOLDER, circular: true },
    },
  ],
  options: {
    ...base.options,
    tsPreCompilationDeps: false,
    // Only the modules' own imports of each other: a path through db/ or http/ is no module importing another.
    includeOnly: { path: '^apps/api/src/modules/' },
    exclude: {
      path: [...base.options.exclude.path, '[.]test[.]tsx?$', '[.]fixture[.]ts$', '^apps/api/test/'],
    },
  },
};
