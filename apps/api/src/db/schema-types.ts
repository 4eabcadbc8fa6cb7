import type pg from 'pg';
import { APP_ROLE } from './index';
import { type ColumnOverride, schemaOverrides } from './schema-overrides';

// Kysely's table types, generated from the migrated database (decision 0058). What a column's type says:
// - select: int8 as bigint, int2/int4 as number, numeric as its exact text, date as 'YYYY-MM-DD' text (the
//   parsers in index.ts), timestamps as Date (written as Date or ISO text), json as unknown (written as text);
// - a text column a CHECK constraint limits to literals is the union of those literals;
// - insert: optional when the column has a default (Generated<>), never when the app role (sgx_app) may not
//   insert it or PostgreSQL computes it; update: never when the app role may not update it, for serial ids
//   and for computed columns;
// - what the database cannot say lives in schema-overrides.ts, and each override is checked against it.

export type Column = {
  name: string;
  /** pg_type.typname of the column, or of its elements for an array. */
  type: string;
  array: boolean;
  notNull: boolean;
  hasDefault: boolean;
  serial: boolean;
  computed: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  /** The literals CHECK constraints limit it to, in their order; undefined when none do. */
  literals?: (string | number)[];
};
export type Relation = { name: string; view: boolean; columns: Column[] };

export async function introspect(client: pg.ClientBase): Promise<Relation[]> {
  const { rows: role } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  const may = (what: string) =>
    role.length ? `has_column_privilege('${APP_ROLE}', c.oid, a.attnum, '${what}')` : 'true';
  const { rows } = await client.query<{
    rel: string;
    kind: string;
    name: string;
    type: string;
    array: boolean;
    not_null: boolean;
    has_default: boolean;
    serial: boolean;
    computed: boolean;
    can_insert: boolean;
    can_update: boolean;
    checks: string[] | null;
  }>(
    `SELECT c.relname AS rel, c.relkind AS kind, a.attname AS name,
            coalesce(e.typname, t.typname) AS type, e.oid IS NOT NULL AS array,
            a.attnotnull AS not_null, (d.adbin IS NOT NULL OR a.attidentity <> '') AS has_default,
            (a.attidentity <> '' OR coalesce(pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%', false)) AS serial,
            a.attgenerated <> '' AS computed,
            ${may('INSERT')} AS can_insert, ${may('UPDATE')} AS can_update,
            (SELECT array_agg(pg_get_constraintdef(k.oid) ORDER BY k.conname) FROM pg_constraint k
              WHERE k.conrelid = c.oid AND k.contype = 'c' AND a.attnum = ANY (k.conkey)) AS checks
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped
        AND NOT c.relispartition -- a partition's rows are read through its table (decision 0079)
      ORDER BY c.relname, a.attnum`,
  );
  const relations = new Map<string, Relation>();
  for (const r of rows) {
    let rel = relations.get(r.rel);
    if (!rel) {
      rel = { name: r.rel, view: r.kind === 'v' || r.kind === 'm', columns: [] };
      relations.set(r.rel, rel);
    }
    const column: Column = {
      name: r.name,
      type: r.type,
      array: r.array,
      notNull: r.not_null,
      hasDefault: r.has_default,
      serial: r.serial,
      computed: r.computed,
      canInsert: r.can_insert,
      canUpdate: r.can_update,
    };
    for (const check of r.checks ?? []) {
      const found = literalsOf(check, r.name);
      if (found) column.literals = column.literals ? column.literals.filter((v) => found.includes(v)) : found;
    }
    rel.columns.push(column);
  }
  return [...relations.values()];
}

// ---- CHECK constraints that limit a column to literals --------------------------------------------

/** Drops parentheses that enclose the whole expression. */
function unwrap(s: string): string {
  let t = s.trim();
  while (t.startsWith('(') && closingOf(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
  return t;
}

function closingOf(s: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < s.length; i++) {
    const ch = s[i];
    if (ch === "'") quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits on a keyword (' OR ', ' AND ') outside parentheses and quotes. */
function splitTop(s: string, word: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "'") quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    else if (!quoted && depth === 0 && s.startsWith(word, i)) {
      parts.push(s.slice(start, i));
      start = i + word.length;
      i += word.length - 1;
    }
  }
  parts.push(s.slice(start));
  return parts.map(unwrap);
}

const literal = (s: string): string | number | undefined => {
  const text = /^'((?:[^']|'')*)'(?:::(?:text|character varying))?$/.exec(s.trim());
  if (text) return (text[1] as string).replace(/''/g, "'");
  return /^-?\d+$/.test(s.trim()) ? Number(s.trim()) : undefined;
};

/** `col = 'a'`, `col = ANY (ARRAY['a', 'b'])`: the literals, else undefined. */
function test(expr: string, column: string): (string | number)[] | undefined {
  const m = /^\(?([a-z_][a-z0-9_]*)\)?(?:::text)? = (.+)$/.exec(unwrap(expr));
  if (!m || m[1] !== column) return undefined;
  const rhs = m[2] as string;
  const any = /^ANY \(\(?ARRAY\[(.*)\](?:\)::text\[\])?\)$/.exec(rhs);
  const items = any ? splitTop(any[1] as string, ', ') : [rhs];
  const values = items.map(literal);
  return values.every((v) => v !== undefined) ? (values as (string | number)[]) : undefined;
}

/**
 * The literals a CHECK constraint limits `column` to: the constraint is an OR of parts, each of which is
 * `column IS NULL` or tests `column` against literals (alone, or ANDed with other conditions).
 */
export function literalsOf(check: string, column: string): (string | number)[] | undefined {
  const m = /^CHECK \((.*)\)$/s.exec(check.trim());
  if (!m) return undefined;
  const found: (string | number)[] = [];
  for (const part of splitTop(unwrap(m[1] as string), ' OR ')) {
    if (part === `${column} IS NULL`) continue;
    const tests = splitTop(part, ' AND ')
      .map((p) => test(p, column))
      .filter((t) => t !== undefined);
    if (tests.length !== 1) return undefined;
    for (const v of tests[0] as (string | number)[]) if (!found.includes(v)) found.push(v);
  }
  return found.length ? found : undefined;
}

// ---- TypeScript ------------------------------------------------------------------------------------

const TEXT = new Set(['text', 'varchar', 'bpchar', 'citext', 'name', 'inet', 'cidr', 'uuid', 'interval']);
const SELECT: Record<string, string> = {
  int8: 'bigint',
  int4: 'number',
  int2: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'string',
  bool: 'boolean',
  bytea: 'Buffer',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'string',
  json: 'unknown',
  jsonb: 'unknown',
};
/** What a value of the type is written as, when that differs from how it is read. */
const WRITE: Record<string, string> = {
  timestamptz: 'Date | string',
  timestamp: 'Date | string',
  json: 'string',
  jsonb: 'string',
};

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
export const interfaceOf = (table: string) => `${pascal(table)}Table`;
const union = (values: (string | number)[]) =>
  values
    .map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`))
    .join(' | ');

function baseType(rel: string, c: Column): string {
  const known = TEXT.has(c.type) ? 'string' : SELECT[c.type];
  if (!known) throw new Error(`${rel}.${c.name}: no TypeScript type for PostgreSQL type ${c.type}`);
  return known;
}

/** Every override names a column that exists, of the type it says, and a named union's columns agree. */
function verifyOverrides(relations: Relation[]): void {
  const columnOf = (key: string) => {
    const [table, name] = key.split('.');
    const c = relations.find((r) => r.name === table)?.columns.find((x) => x.name === name);
    if (!c) throw new Error(`schema-overrides.ts names ${key}, which the database does not have`);
    return c;
  };
  for (const [key, o] of Object.entries(schemaOverrides.columns)) {
    const c = columnOf(key);
    if (c.type !== o.dbType || c.array !== (o.array ?? false))
      throw new Error(
        `schema-overrides.ts: ${key} is ${c.type}${c.array ? '[]' : ''} in the database, not ${o.dbType}`,
      );
    if (o.select && c.literals && TEXT.has(c.type))
      throw new Error(
        `schema-overrides.ts: ${key} is limited by a CHECK constraint; its type comes from there`,
      );
  }
  for (const key of schemaOverrides.checkUnions) {
    if (!columnOf(key).literals)
      throw new Error(`schema-overrides.ts: no CHECK constraint limits ${key} to literals`);
  }
  for (const [name, keys] of Object.entries(schemaOverrides.named)) {
    const first = keys[0] as string;
    const expected = union(columnOf(first).literals ?? []);
    if (!expected) throw new Error(`schema-overrides.ts: no CHECK constraint limits ${first} to literals`);
    for (const key of keys) {
      // A column no CHECK constraint limits (its values come from the first one's) takes the union too.
      const c = columnOf(key);
      if (!c.literals && TEXT.has(c.type)) continue;
      const got = union(c.literals ?? []);
      if (got !== expected)
        throw new Error(
          `schema-overrides.ts: ${name} is ${expected || 'not a union'} on ${first} but ${got || 'not a union'} on ${key}`,
        );
    }
  }
  for (const [view, table] of Object.entries(schemaOverrides.rowOf)) {
    const v = relations.find((r) => r.name === view);
    const t = relations.find((r) => r.name === table);
    const shape = (r?: Relation) =>
      r?.columns.map((c) => `${c.name}:${c.type}${c.array ? '[]' : ''}`).join(',');
    if (!v || !t || shape(v) !== shape(t))
      throw new Error(`schema-overrides.ts: ${view} does not have the columns of ${table}`);
  }
}

function columnType(rel: string, c: Column, named: Map<string, string>): string {
  const key = `${rel}.${c.name}`;
  const o: ColumnOverride | undefined = schemaOverrides.columns[key];
  const derive = c.literals && (TEXT.has(c.type) || schemaOverrides.checkUnions.includes(key));
  let select = o?.select ?? named.get(key) ?? (derive ? union(c.literals ?? []) : baseType(rel, c));
  if (c.array) select = /^[\w.]+$/.test(select) ? `${select}[]` : `(${select})[]`;
  let write = o?.write ?? (derive || named.has(key) || c.array ? select : (WRITE[c.type] ?? select));
  let update = o?.update ?? write;
  if (!c.notNull) {
    if (select !== 'unknown') select = `${select} | null`;
    write = `${write} | null`;
    if (update !== 'never') update = `${update} | null`;
  }
  // A serial id may be given as a number (the seed's fixed ids).
  const insert =
    c.computed || !c.canInsert ? 'never' : c.serial && c.type === 'int8' ? `${write} | number` : write;
  if (c.computed || c.serial || !c.canUpdate) update = 'never';
  const optional = c.hasDefault && insert !== 'never';
  if (select === insert && select === update) return optional ? `Generated<${select}>` : select;
  // A nullable column may be left out of an insert (Kysely's rule); said so, as the hand-written types did.
  const omitted = (optional || !c.notNull) && insert !== 'never';
  const type = `ColumnType<${select}, ${insert}${omitted ? ' | undefined' : ''}, ${update}>`;
  return Object.entries(ALIASES).find(([, t]) => t === type)?.[0] ?? type;
}

/** Short names for the common column types. */
const ALIASES: Record<string, string> = {
  /** A serial id: read as bigint, given by the database, never changed. */
  Id: 'ColumnType<bigint, bigint | number | undefined, never>',
  /** A timestamp with a default: read as Date, written as Date or ISO text. */
  Timestamp: 'ColumnType<Date, Date | string | undefined, Date | string>',
  /** A timestamp without a default, which every insert gives. */
  RequiredTimestamp: 'ColumnType<Date, Date | string, Date | string>',
  NullableTimestamp: 'ColumnType<Date | null, Date | string | null | undefined, Date | string | null>',
};

export function generateTypes(relations: Relation[]): string {
  verifyOverrides(relations);
  const named = new Map<string, string>();
  const out: string[] = [
    '// Generated from the migrated database by `npm run db:schema` (decision 0058); checked by `npm run',
    '// check:schema`. Do not edit: change a migration, or schema-overrides.ts for what the database cannot say.',
    "import type { ColumnType, Generated } from 'kysely';",
  ];
  for (const [name, type] of Object.entries(ALIASES)) out.push('', `type ${name} = ${type};`);
  for (const [name, keys] of Object.entries(schemaOverrides.named)) {
    const [table, column] = (keys[0] as string).split('.');
    const c = relations.find((r) => r.name === table)?.columns.find((x) => x.name === column);
    out.push('', `export type ${name} = ${union(c?.literals ?? [])};`);
    for (const key of keys) named.set(key, name);
  }
  const sorted = [...relations].sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const rel of sorted) {
    if (schemaOverrides.rowOf[rel.name]) continue;
    out.push('', `export interface ${interfaceOf(rel.name)} {`);
    for (const c of rel.columns) out.push(`  ${c.name}: ${columnType(rel.name, c, named)};`);
    out.push('}');
  }
  out.push('', 'export interface DB {');
  for (const rel of sorted)
    out.push(`  ${rel.name}: ${interfaceOf(schemaOverrides.rowOf[rel.name] ?? rel.name)};`);
  out.push('}', '');
  return out.join('\n');
}
