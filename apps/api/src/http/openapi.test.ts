import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../scripts/openapi';

type Operation = {
  summary?: string;
  operationId?: string;
  description?: string;
  security?: unknown[];
  responses: object;
  'x-sgx-scope'?: string;
};
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, { bearerFormat?: string }>;
  };
};

// That redocly's lint passes is openapi.proc.test.ts's (it runs redocly; docs/decisions/0060-fast-unit-project.md).
let doc: Document;
beforeAll(async () => {
  doc = (await openApiDocument()) as Document;
}, 60_000);

const op = (p: string, method: string) => doc.paths[`/api/v1${p}`]?.[method] as Operation;

describe('the OpenAPI document (decision 0056)', () => {
  it('declares each operation’s security from the route’s access level', () => {
    expect(op('/proof', 'get').security).toEqual([]);
    expect(op('/auth/signin', 'post').security).toEqual([]);
    // A route an API key may call also names the key scheme and the scope it needs (decision 0071).
    expect(op('/proof/me', 'get').security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(op('/proof/me', 'get')['x-sgx-scope']).toBe('account:read');
    expect(op('/admin/proof/build', 'post').security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(op('/admin/proof/build', 'post')['x-sgx-scope']).toBe('settings:write');
    expect(op('/admin/proof/build', 'post').description).toContain('API key scope: `settings:write`');
    // Keys never make keys, nor use the session's own routes.
    expect(op('/admin/api-keys', 'post').security).toEqual([{ session: [] }]);
    expect(op('/admin/api-keys', 'post')['x-sgx-scope']).toBeUndefined();
    expect(op('/auth/2fa/verify', 'post').security).toEqual([{ session: [] }]);
    expect(doc.components.securitySchemes?.apiKey?.bearerFormat).toBe('sgx_...');
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
