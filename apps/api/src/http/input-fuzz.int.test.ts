import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { fundDeposit, fundWallet, launchToken } from '../../test/money';

/**
 * Walks every API route with hostile input, as a member and as an admin: NUL and broken Unicode in
 * every string of a plausible body, query and path; amounts beyond bigint; ids that are not plain
 * positive integers. Any 5xx fails, naming the route and the input.
 */

/** Routes the walk does not call, and why: signing out would end the walk's own session. */
const SKIPPED = new Set(['GET /api/v1/auth/signout', 'GET /api/v1/auth/signoutadmin']);
/** Routes whose form is multipart (an image and text fields) rather than JSON. */
const MULTIPART = new Set(['POST /api/v1/notifications/banner', 'POST /api/v1/achivers/add']);

const HUGE = '92233720368.54775807';
/** The largest amount the schemas accept (MAX_INPUT_UNITS): may be refused by a rule, never a 5xx. */
const LARGEST = '1000000000';
const BAD_IDS = ['1.5', '1e3', '0x10', ' 1', '-1', '99999999999999999999', '0', ''];
const NUL = 'x\u0000y';
const LONE_SURROGATE = 'x\uD800y';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const isIdName = (name: string) => /^(id|userId|ticketId|tokenId|recipients)$|_id$|by_id$/.test(name);
const isChainId = (name: string) => /^chain_?[iI]d$/.test(name);
/** An amount field: a number-or-text union (AmountIn), decimal text with 8 decimals, or named `amount`. */
function isAmountField(raw: JsonSchema | undefined, name: string, ctx: Ctx): boolean {
  if (isIdName(name)) return false;
  const schema = resolve(raw, ctx);
  const options = (schema.anyOf ?? schema.oneOf ?? [schema]).map((o) => resolve(o, ctx));
  const types = new Set(options.flatMap((o) => [o.type ?? []].flat()));
  if (types.has('string') && types.has('number')) return true;
  if (options.some((o) => o.pattern?.includes('\\d{1,8}'))) return true;
  return name === 'amount';
}

/** The schema of the value at `path` inside `raw`. */
function schemaAt(raw: JsonSchema | undefined, path: (string | number)[], ctx: Ctx): JsonSchema | undefined {
  let schema = resolve(raw, ctx);
  for (const key of path) {
    const options = (schema.anyOf ?? schema.oneOf ?? [schema]).map((o) => resolve(o, ctx));
    const holder = options.find((o) => (typeof key === 'number' ? o.items : o.properties?.[key]));
    const next = typeof key === 'number' ? holder?.items : holder?.properties?.[key];
    if (!next) return undefined;
    schema = resolve(next, ctx);
  }
  return schema;
}

type Ctx = {
  memberId: number;
  otherId: number;
  memberCode: string;
  planId: number;
  tokenId: number;
  spec: Spec;
};

/** A real id for a field: the plan and token made for the walk, else the walking member. */
function idFor(name: string, ctx: Ctx): number | number[] {
  if (name === 'recipients') return [ctx.memberId];
  if (/^plan_?id$/i.test(name)) return ctx.planId;
  if (/^token_?id$/i.test(name)) return ctx.tokenId;
  if (/to_id$/.test(name)) return ctx.otherId;
  return ctx.memberId;
}

function resolve(schema: JsonSchema | undefined, ctx: Ctx): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(ctx.spec.components?.schemas?.[name], ctx);
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => resolve(s, ctx)));
  return schema;
}

/** A value the route's schema plausibly accepts, so that one hostile field at a time reaches as deep as it can. */
function plausible(raw: JsonSchema | undefined, name: string, ctx: Ctx): unknown {
  const schema = resolve(raw, ctx);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (isChainId(name)) return 56;
  if (isIdName(name)) return idFor(name, ctx);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    if (isAmountField(schema, name, ctx)) return '100';
    const pick = options.find((o) => resolve(o, ctx).type !== 'null') ?? options[0];
    return plausible(pick, name, ctx);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, s] of Object.entries(schema.properties ?? {})) out[key] = plausible(s, key, ctx);
      return out;
    }
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => plausible(schema.items, name, ctx));
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return plausibleText(schema, name, ctx);
  }
}

function plausibleText(schema: JsonSchema, name: string, ctx: Ctx): string {
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@test.example';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (/month/i.test(name)) return '2026-01';
  if (/timezone/i.test(name)) return 'UTC';
  if (name === 'url' || /link/i.test(name)) return 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  if (/address|wallet/i.test(name) || schema.pattern?.includes('0x')) return `0x${'ab'.repeat(20)}`;
  if (/code/i.test(name)) return ctx.memberCode;
  const pattern = schema.pattern ?? '';
  if (pattern.includes('{64}')) return `0x${randomBytes(32).toString('hex')}`;
  if (pattern.includes('[A-Z]{2')) return 'FZX';
  if (pattern.includes('A-Za-z0-9_')) return `fuzz_${randomBytes(3).toString('hex')}`;
  if (pattern.includes('\\d{7')) return '9000000001';
  if (pattern.includes('\\d{4}-\\d{2}')) return '2026-01';
  if (pattern.includes('\\d{6}')) return '123456';
  if (/password/i.test(name)) return 'Fuzz-Passw0rd!long';
  if (isAmountField(schema, name, ctx) || schema.pattern?.includes('\\d')) return '1';
  const text = 'Fuzz text';
  const min = schema.minLength ?? 0;
  return (text.length >= min ? text : text.padEnd(min, 'x')).slice(0, schema.maxLength ?? 1000);
}

type Leaf = { path: (string | number)[]; value: unknown };
function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head as string] = withLeaf(copy[head as string], rest, leaf);
  return copy;
}

/** JSON text with a raw (unquoted) number in place of a marker, e.g. `1e400` or `1.5`. */
function jsonWithRaw(body: unknown, path: (string | number)[], raw: string): string {
  const marker = '__raw_number__';
  return JSON.stringify(withLeaf(body, path, marker)).replace(`"${marker}"`, raw);
}

type Probe = { label: string; kind: 'base' | 'largest' | 'text' | 'amount' | 'id'; options: InjectOptions };

type Route = { method: string; url: string; access: string; op: Operation };

function probesFor(route: Route, ctx: Ctx, token: string): Probe[] {
  const headers = bearer(token);
  const params = (route.op.parameters ?? []).filter((p) => p.in === 'path');
  const queries = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const pathValues: Record<string, string> = {};
  for (const p of params) pathValues[p.name] = String(plausible(p.schema, p.name, ctx));
  const query: Record<string, string> = {};
  for (const p of queries) {
    const v = plausible(p.schema, p.name, ctx);
    query[p.name] = String(Array.isArray(v) ? v[0] : v);
  }
  const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? plausible(bodySchema, '', ctx) : undefined;
  const method = route.method as InjectOptions['method'];
  const url = (values: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x'));
  const make = (
    label: string,
    kind: Probe['kind'],
    o: { path?: Record<string, string>; query?: Record<string, string>; payload?: string },
  ): Probe => ({
    label,
    kind,
    options: {
      method,
      url: url(o.path ?? pathValues),
      query: o.query ?? query,
      headers: o.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(o.payload === undefined ? {} : { payload: o.payload }),
    },
  });
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const probes: Probe[] = [make('plausible input', 'base', { payload })];

  for (const p of params) {
    probes.push(make(`NUL in path :${p.name}`, 'text', { path: { ...pathValues, [p.name]: NUL }, payload }));
    if (isIdName(p.name))
      for (const bad of BAD_IDS)
        probes.push(
          make(`id ${JSON.stringify(bad)} in :${p.name}`, 'id', {
            path: { ...pathValues, [p.name]: bad },
            payload,
          }),
        );
  }
  for (const p of queries) {
    probes.push(make(`NUL in query ${p.name}`, 'text', { query: { ...query, [p.name]: NUL }, payload }));
    if (isIdName(p.name))
      for (const bad of BAD_IDS)
        probes.push(
          make(`id ${JSON.stringify(bad)} in query ${p.name}`, 'id', {
            query: { ...query, [p.name]: bad },
            payload,
          }),
        );
    if (isAmountField(p.schema, p.name, ctx)) {
      for (const huge of [HUGE, '1e400'])
        probes.push(
          make(`amount ${huge} in query ${p.name}`, 'amount', {
            query: { ...query, [p.name]: huge },
            payload,
          }),
        );
      probes.push(
        make(`amount ${LARGEST} in query ${p.name}`, 'largest', {
          query: { ...query, [p.name]: LARGEST },
          payload,
        }),
      );
    }
  }
  if (body !== undefined) {
    for (const leaf of leaves(body)) {
      const name = String(leaf.path.filter((k) => typeof k === 'string').pop() ?? '');
      const where = leaf.path.join('.') || '(body)';
      // Every field gets text with NUL, whatever its type: a schema that coerces text must still refuse it.
      probes.push(
        make(`NUL in body ${where}`, 'text', { payload: JSON.stringify(withLeaf(body, leaf.path, NUL)) }),
      );
      if (
        isAmountField(schemaAt(bodySchema, leaf.path, ctx), name, ctx) ||
        (isIdName(name) && !isChainId(name))
      ) {
        for (const raw of [HUGE, '1e400'])
          probes.push(
            make(`amount ${raw} in body ${where}`, 'amount', { payload: jsonWithRaw(body, leaf.path, raw) }),
          );
        probes.push(
          make(`amount "${HUGE}" in body ${where}`, 'amount', {
            payload: JSON.stringify(withLeaf(body, leaf.path, HUGE)),
          }),
        );
        if (!isIdName(name))
          probes.push(
            make(`amount ${LARGEST} in body ${where}`, 'largest', {
              payload: jsonWithRaw(body, leaf.path, LARGEST),
            }),
          );
      }
      if (isIdName(name) && !isChainId(name)) {
        for (const bad of BAD_IDS)
          probes.push(
            make(`id ${JSON.stringify(bad)} in body ${where}`, 'id', {
              payload: JSON.stringify(withLeaf(body, leaf.path, bad)),
            }),
          );
        for (const raw of ['1.5', '1e3', '-1', '99999999999999999999'])
          probes.push(
            make(`raw id ${raw} in body ${where}`, 'id', { payload: jsonWithRaw(body, leaf.path, raw) }),
          );
      }
    }
    const firstText = leaves(body).find((l) => typeof l.value === 'string');
    if (firstText)
      probes.push(
        make(`lone surrogate in body ${firstText.path.join('.')}`, 'text', {
          payload: JSON.stringify(withLeaf(body, firstText.path, LONE_SURROGATE)),
        }),
      );
  }
  if (MULTIPART.has(`${route.method} ${route.url}`)) {
    for (const field of ['title', 'name', 'description', 'link'])
      probes.push({
        label: `NUL in multipart field ${field}`,
        kind: 'text',
        options: multipart(route, headers, field),
      });
  }
  return probes;
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(route: Route, headers: Record<string, string>, field: string): InjectOptions {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const text = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      ['title', 'name', 'description', 'link'].map((n) => text(n, n === field ? NUL : 'Fuzz text')).join(''),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: route.method as InjectOptions['method'],
    url: route.url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  };
}

let t: TestApp;
let ctx: Ctx;
let memberToken: string;
let adminToken: string;
let routes: Route[];

beforeAll(async () => {
  t = await buildTestApp();
  const member = await buildMember(t.deps);
  memberToken = await tokenFor(t.app, member);
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  // Money, a plan and the token, so that plausible requests get past the business rules.
  await fundDeposit(t.deps, member.id, '100000');
  await fundWallet(t.deps, member.id, 'working', '100000');
  const other = await buildMember(t.deps, { sponsorId: member.id });
  const tokenId = await launchToken(t.deps, 100_000_000n * 100_000_000n);
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Fuzz plan', monthly_price: '100', ROI_day: '1', Sponser_bonus: '5', plan_period: 30 },
  });
  expect(plan.statusCode, plan.body).toBe(201);
  const spec = t.app.swagger() as unknown as Spec;
  ctx = {
    memberId: Number(member.id),
    otherId: Number(other.id),
    memberCode: member.code,
    planId: Number(plan.json().plan.id),
    tokenId: Number(tokenId),
    spec,
  };
  routes = t.app.routeTable
    .filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && !SKIPPED.has(`${r.method} ${r.url}`),
    )
    .map((r) => {
      const openApiPath = r.url.replace(/:(\w+)/g, '{$1}');
      const op = spec.paths[openApiPath]?.[r.method.toLowerCase()] ?? {};
      return { ...r, op };
    })
    // Deletions last: an admin deleting the walking member would end the walk's other requests early.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
});
afterAll(() => t.close());

type Tally = { total: number; byStatus: Map<number, number>; validation: number; failures: string[] };

async function walk(who: 'member' | 'admin', token: string, pick: (r: Route) => boolean): Promise<Tally> {
  const tally: Tally = { total: 0, byStatus: new Map(), validation: 0, failures: [] };
  for (const route of routes.filter(pick)) {
    for (const probe of probesFor(route, ctx, token)) {
      const res = await t.app.inject(probe.options);
      tally.total++;
      tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
      const where = `${who}: ${route.method} ${route.url} with ${probe.label}`;
      if (res.statusCode >= 500)
        tally.failures.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode === 400) tally.validation++;
      // Hostile input is never accepted as if it were good (an id `0x10` must not reach member 16).
      if (probe.kind !== 'base' && probe.kind !== 'largest' && res.statusCode < 300)
        tally.failures.push(`${where} -> accepted (${res.statusCode}) ${res.body.slice(0, 200)}`);
      if (probe.kind === 'text' && res.statusCode === 400) {
        const body = res.json() as { code?: string; details?: Record<string, string[]> };
        if (body.code !== 'VALIDATION_FAILED' || !body.details)
          tally.failures.push(`${where} -> 400 without the field named: ${res.body.slice(0, 200)}`);
      }
    }
  }
  return tally;
}

function expectSound(tally: Tally): void {
  expect(tally.failures, tally.failures.join('\n')).toEqual([]);
  const denied = (tally.byStatus.get(401) ?? 0) + (tally.byStatus.get(403) ?? 0);
  // The walk reached the handlers: most hostile requests were refused by validation, few by access.
  expect(tally.validation / tally.total).toBeGreaterThan(0.6);
  expect(denied / tally.total).toBeLessThan(0.1);
}

describe('no input produces a 5xx', () => {
  it('every public, member and signed-in route, as a member', async () => {
    const tally = await walk('member', memberToken, (r) => r.access !== 'admin');
    expect(tally.total).toBeGreaterThan(500);
    expectSound(tally);
  }, 120_000);

  it('every admin and signed-in route, as an admin', async () => {
    const tally = await walk('admin', adminToken, (r) => r.access === 'admin' || r.access === 'signed-in');
    expect(tally.total).toBeGreaterThan(500);
    expectSound(tally);
  }, 120_000);

  it('refuses NUL in the headers the app reads, naming the header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/settings/public',
      headers: { 'idempotency-key': 'abc\u0000def' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'idempotency-key': [expect.any(String)] },
    });
  });

  it('refuses NUL at sign-in with a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'a\u0000@test.example', password: 'whatever-long' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { email: [expect.any(String)] } });
  });
});
