import { createHash, randomUUID } from 'node:crypto';
import type { ListQuery, StaffArea } from '@sgx/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Compilable, CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type Principal, STAFF_ROLE_REFUSAL, staffAllows } from './access';
import { badRequest, forbidden } from './errors';

export const CSV_LIMIT = 10_000;

export function pageInfo(q: ListQuery, total: number) {
  return { total, totalPages: Math.max(1, Math.ceil(total / q.limit)), currentPage: q.page };
}

const cell = (v: unknown): string => {
  const text = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Quote always; neutralise spreadsheet formulas (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The columns of a CSV export: the fields of the list's record schema, in its order. */
export function csvColumns<T extends Record<string, unknown>>(schema: { shape: T }): (keyof T & string)[] {
  return Object.keys(schema.shape) as (keyof T & string)[];
}

/**
 * Sends rows as a CSV download. The columns are given (csvColumns of the record schema), so an empty
 * export still has its header row; amounts are the records' decimal text, never internal units.
 */
export function sendCsv<R extends Record<string, unknown>>(
  reply: FastifyReply,
  name: string,
  columns: readonly (keyof R & string)[],
  rows: readonly R[],
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .send(csvText(columns, rows));
}

/** The text of a CSV file: a header row of `columns`, then one row per record, every cell quoted, CRLF lines. */
export function csvText<R extends Record<string, unknown>>(
  columns: readonly (keyof R & string)[],
  rows: readonly R[],
): string {
  const lines = [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** The longest Idempotency-Key taken (decision 0032). */
export const MAX_KEY_LENGTH = 255;
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${MAX_KEY_LENGTH}}$`);
const KEY_RULE = `Send an Idempotency-Key of 1 to ${MAX_KEY_LENGTH} printable ASCII characters (no spaces).`;

/**
 * The Idempotency-Key header as sent, or null when none is sent. A key that cannot be one (empty, longer
 * than 255 characters, or holding anything but printable ASCII 0x21-0x7E, sent twice) is a 400 naming the
 * header: made up silently instead, a retry of the request would move money a second time.
 */
function sentKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw badRequest(KEY_RULE, { 'Idempotency-Key': [KEY_RULE] });
  }
  return header;
}

/** The request's Idempotency-Key header (a retried request posts once), or a fresh key. */
export function requestKey(request: FastifyRequest): string {
  return sentKey(request) ?? randomUUID();
}

/**
 * An Idempotency-Key and the fingerprint of the request that sent it; `fingerprint` is null for a key
 * made up here (no header), which nothing else can repeat.
 */
export type RequestKey = { key: string; fingerprint: string | null };

/**
 * The body as its fingerprint sees it: without `code`, the second-factor code that confirms a request
 * (decision 0023). The code is not part of what the request asks, and a retry of a request that went through
 * carries another code (the first one is used up), yet is the same request. On a keyed route a body
 * field named `code` is always that confirmation; what a request asks is never called `code`.
 */
function askedBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('code' in body)) return body;
  const { code: _confirmation, ...asked } = body as Record<string, unknown>;
  return asked;
}

/**
 * The request's key (as requestKey) with its fingerprint (decision 0017): the method, the route, the
 * signed-in principal, the route's parameters and the validated body (less its second-factor `code`).
 * A repeat of the key with another fingerprint is refused with 409 by the service's claim
 * (claimRequestKey).
 */
export function keyedRequest(request: FastifyRequest): RequestKey {
  const key = sentKey(request);
  if (key === null) return { key: randomUUID(), fingerprint: null };
  return {
    key,
    fingerprint: requestFingerprint({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      principal: request.principal ? String(request.principal.userId) : null,
      params: request.params ?? null,
      body: askedBody(request.body) ?? null,
    }),
  };
}

/**
 * JSON with the keys of every object sorted and nothing undefined; a bigint (an amount, parsed from
 * whatever decimal text or number was sent) as its digits, so "10", 10 and "10.00000000" are one amount.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value === null || value === undefined || typeof value !== 'object')
    return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const fields = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
  return `{${fields.join(',')}}`;
}

/** SHA-256 (hex) of a request's parts in canonical JSON. */
export const requestFingerprint = (parts: Record<string, unknown>): string =>
  createHash('sha256').update(canonicalJson(parts)).digest('hex');

/** A member acts only for themself (`user_id` must be theirs); an admin may act for anyone. */
export function actingFor(principal: Principal, userId: number): bigint {
  const id = BigInt(userId);
  if (principal.role !== 'admin' && id !== principal.userId)
    throw forbidden('You can only act for your own account.');
  // Staff act for a member only with money rights (decision 0042).
  if (principal.role === 'admin' && !staffAllows(principal, 'money', 'write'))
    throw forbidden(STAFF_ROLE_REFUSAL);
  return id;
}

/**
 * Whose rows a list shows: an admin sees all (or one member), a member only their own. Staff need read on
 * the rows' area (decision 0042): money records by default (finance, compliance, the owner; not support or
 * content), tickets or notices where the caller says so.
 */
export function scopeOf(
  principal: Principal,
  userId?: number,
  area: StaffArea = 'money',
): bigint | undefined {
  if (principal.role === 'admin') {
    if (!staffAllows(principal, area, 'read')) throw forbidden(STAFF_ROLE_REFUSAL);
    return userId === undefined ? undefined : BigInt(userId);
  }
  if (userId !== undefined && BigInt(userId) !== principal.userId)
    throw forbidden('You can only see your own records.');
  return principal.userId;
}

/** An ILIKE pattern matching `search` as plain text. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The [from, to) instants of the list query's day range (UTC days, `to` inclusive). */
export function dayRange(q: ListQuery): { from?: Date; to?: Date } {
  return {
    ...(q.from ? { from: new Date(`${q.from}T00:00:00Z`) } : {}),
    ...(q.to ? { to: new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// Lists at scale (decision 0009): counts that stop at a cap, pages found from either end.

/** Counts are exact up to this many rows; beyond it a list reports the planner's estimate. */
export const COUNT_CAP = 10_000;

/** The planner's row estimate for a query, read from EXPLAIN (nothing is executed). */
export async function estimateRows(db: Kysely<DB>, query: Compilable): Promise<number> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/** A list's total past its cap: `estimate` (the planner's) rounded, never below cap + 1, and not exact. */
export const pastCap = (estimate: number, cap = COUNT_CAP) => ({
  total: Math.max(cap + 1, Math.round(estimate)),
  exact: false,
});

/** A list's total past its cap, from the planner's estimate of `query` (nothing is counted). */
export const estimatedCount = async (db: Kysely<DB>, query: Compilable, cap = COUNT_CAP) =>
  pastCap(await estimateRows(db, query), cap);

/**
 * How many rows a filtered query has without counting a million of them: exact up to `cap`; beyond it the
 * planner's estimate (of `estimateOf`, when the query's own conditions mislead the planner), never below
 * cap + 1 (`exact` says which).
 */
export async function boundedCount<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  rows: SelectQueryBuilder<QDB, TB, O>,
  cap = COUNT_CAP,
  estimateOf: Compilable = rows,
): Promise<{ total: number; exact: boolean }> {
  const ones = rows.clearSelect().clearOrderBy().clearLimit().clearOffset().select(sql<number>`1`.as('one'));
  const counted = await db
    .selectFrom(ones.limit(cap + 1).as('capped'))
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  if (n <= cap) return { total: n, exact: true };
  return estimatedCount(db, estimateOf, cap);
}

/**
 * Where page `page` of `limit` rows lies in an ordered list of `total` rows: `offset` rows in from the
 * front, or, past the middle, from the back with the order reversed (`reverse`: read the rows in the
 * opposite order, then flip them), so that no page walks more than half the list. Null past the end.
 */
export function pageSeek(
  page: number,
  limit: number,
  total: number,
): { reverse: boolean; offset: number; limit: number } | null {
  const offset = (page - 1) * limit;
  if (offset >= total) return null;
  const take = Math.min(limit, total - offset);
  if (offset <= total - offset - take) return { reverse: false, offset, limit: take };
  return { reverse: true, offset: total - offset - take, limit: take };
}

/** The query of a list's page: its number and size, and CSV for the whole filtered list (up to CSV_LIMIT). */
export type PageQuery = { page: number; limit: number; format?: 'json' | 'csv' | undefined };

/**
 * A page of a filtered list (decision 0081) whose order is unique (it ends in the primary key), with a count
 * that stops at `cap`: exact up to it, the planner's estimate beyond (`exact` says which). The page is read
 * from the nearer end (pageSeek): `order(rows, reverse)` orders the rows as the list shows them, or exactly
 * the other way round when `reverse`, so the first and the last page each walk at most `limit` rows of an
 * index on that order. The first page is read at once, beside the count. Past the cap
 * the total is an estimate, so the back half's pages are counted from the end: the last page holds the
 * oldest rows, and a page in the middle may repeat or skip a few rows of its neighbours.
 * `count` replaces the bounded count where the caller knows better (e.g. that the list is past the cap), and `read`
 * replaces the plain `order(...).limit().offset()` read of a page.
 */
export async function seekPaged<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<QDB, TB, O>,
  order: (rows: SelectQueryBuilder<QDB, TB, O>, reverse: boolean) => SelectQueryBuilder<QDB, TB, O>,
  q: PageQuery,
  cap = COUNT_CAP,
  count: () => Promise<{ total: number; exact: boolean }> = () => boundedCount(db, base, cap),
  read: (seek: { reverse: boolean; offset: number; limit: number }) => Promise<O[]> = (s) =>
    order(base, s.reverse).limit(s.limit).offset(s.offset).execute(),
): Promise<{ rows: O[]; total: number; exact: boolean }> {
  if (q.format === 'csv') {
    const [rows, counted] = await Promise.all([
      read({ reverse: false, offset: 0, limit: CSV_LIMIT }),
      count(),
    ]);
    return { rows, ...counted };
  }
  if (q.page === 1) {
    const [rows, counted] = await Promise.all([read({ reverse: false, offset: 0, limit: q.limit }), count()]);
    // A first page short of its limit is the whole list: its length is the total, whatever an estimate said.
    if (rows.length < q.limit && !counted.exact) return { rows, total: rows.length, exact: true };
    return { rows, ...counted };
  }
  const counted = await count();
  const seek = pageSeek(q.page, q.limit, counted.total);
  if (!seek) return { rows: [], ...counted };
  const rows = await read(seek);
  return { rows: seek.reverse ? rows.reverse() : rows, ...counted };
}

/**
 * `read` in a transaction with the planner `settings` set for it alone (set_config's `is_local`, one statement):
 * nothing outlives it, so a pooled or replica connection is left as it was.
 */
export function locally<T>(
  db: Kysely<DB>,
  settings: Readonly<Record<string, string>>,
  read: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const set = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  return db.transaction().execute(async (trx) => {
    if (set.length > 0) await sql`SELECT ${sql.join(set)}`.execute(trx);
    return read(trx);
  });
}

/** `read` in a transaction without parallel workers: starting them took 40-50 ms of a 50 ms page on a busy host. */
export function serially<T>(db: Kysely<DB>, read: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return locally(db, { max_parallel_workers_per_gather: '0' }, read);
}

/** `query`'s rows, read without parallel workers (serially). */
export function serialRead<R>(db: Kysely<DB>, query: { compile(): CompiledQuery<R> }): Promise<R[]> {
  const compiled = query.compile();
  return serially(db, async (trx) => (await trx.executeQuery(compiled)).rows);
}

/**
 * A searched list's page, newest `id` first (decision 0094). The search is counted first (up to the cap, serially):
 * when its rows are few, the page is read by sorting them, found from the search's own indexes, and not by walking the
 * list's id index down to them, which the planner prefers when it takes them to be spread evenly (a search naming the
 * thousand oldest members walked every deposit: 1.6 s at 1,000,000 members). When they are many, as seekPaged does.
 */
export async function seekSearched<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<QDB, TB, O>,
  id: string,
  q: PageQuery,
): Promise<{ rows: O[]; total: number; exact: boolean }> {
  const dir = (back: boolean) => (back ? 'asc' : 'desc');
  const counted = await serially(db, (trx) => boundedCount(trx, base));
  const sorted = (s: { reverse: boolean; offset: number; limit: number }) =>
    serialRead(
      db,
      base
        .orderBy(sql`${sql.ref(id)} + 0`, dir(s.reverse))
        .limit(s.limit)
        .offset(s.offset),
    );
  return seekPaged(
    db,
    base,
    (b, back) => b.orderBy(sql.ref(id), dir(back)),
    q,
    COUNT_CAP,
    async () => counted,
    counted.exact ? sorted : undefined,
  );
}

/** The instant `ms` rounded down to its UTC hour or day. */
export const floorTo = (ms: number, unit: 'hour' | 'day') => {
  const size = unit === 'hour' ? 3_600_000 : 86_400_000;
  return new Date(Math.floor(ms / size) * size);
};
