import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi, openApiDocument } from '../scripts/openapi';

// A "process" test: the lint is redocly's, a program of its own (docs/decisions/0060-fast-unit-project.md).
// What the document says is openapi.test.ts's.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sgx-openapi-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI document (decision 0056)', () => {
  it('passes redocly lint with the recommended rules (redocly.yaml)', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await openApiDocument()));
    const { status, output } = lintOpenApi(file);
    expect(output).toContain('Your API description is valid');
    expect(status, output).toBe(0);
  }, 120_000);
});
