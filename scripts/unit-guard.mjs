// The "unit" vitest project's setup file (vitest.config.ts; docs/decisions/0060-fast-unit-project.md): a unit test
// runs in this process only. Starting a process (child_process) or listening on a port throws here with where the
// test belongs instead: a file named *.proc.test.ts (the "process" project) or *.int.test.ts (the "integration"
// project, the real PostgreSQL). What this cannot see (the Solidity compiler, solc-js, runs in-process) the
// decision record names; such tests are *.proc.test.ts too.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const where =
  'a unit test runs in this process only: name the file *.proc.test.ts (the "process" project) ' +
  'or *.int.test.ts (the "integration" project); docs/decisions/0060-fast-unit-project.md';

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  childProcess[name] = () => {
    throw new Error(`child_process.${name} in a unit test: ${where}`);
  };
}
syncBuiltinESMExports();

net.Server.prototype.listen = function listen() {
  throw new Error(`listen() in a unit test: ${where}`);
};
