import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi, openApiDocument } from '../scripts/openapi';

type Operation = { summary?: string; operationId?: string; security?: unknown[]; responses: object };
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
};

let doc: Document;
let dir: string;
beforeAll(async () => {
  doc = (await openApiDocument()) as Document;
  dir = mkdtempSync(path.join(tmpdir(), 'sgx-openapi-test-'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const op = (p: string, method: string) => doc.paths[`/api/v1${p}`]?.[method] as Operation;

describe('the OpenAPI document (issue 38)', () => {
  it('passes redocly lint with the recommended rules (redocly.yaml)', () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { status, output } = lintOpenApi(file);
    expect(output).toContain('Your API description is valid');
    expect(status, output).toBe(0);
  }, 120_000);

  it('declares each operation’s security from the route’s access level', () => {
    expect(op('/proof', 'get').security).toEqual([]);
    expect(op('/auth/signin', 'post').security).toEqual([]);
    expect(op('/proof/me', 'get').security).toEqual([{ session: [] }]);
    expect(op('/admin/proof/build', 'post').security).toEqual([{ session: [] }]);
    const all = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(all.length).toBeGreaterThan(200);
    for (const o of all) expect(o.security, o.operationId).toBeDefined();
  });

  it('gives every operation a summary naming who may call it, and a unique operation id', () => {
    expect(op('/proof/me', 'get').summary).toBe('Read proof me (a signed-in member)');
    expect(op('/admin/proof/build', 'post').summary).toBe(
      'Send admin proof build (staff with the settings area)',
    );
    const all = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const ids = all.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(all.length);
  });

  it('resolves the referral tree’s recursive schema (treeData) as a component, and names its server', () => {
    const text = JSON.stringify(op('/referral/full/{code}', 'get').responses);
    const refs = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas?.[ref], ref).toBeDefined();
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
  });
});
