/**
 * Reads the live schema's columns for the privacy tests (decision 0077): which columns refer to a member and which
 * hold text, so a table added later is caught until `member-data.ts` classifies it.
 */

export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export type Column = { table: string; column: string; type: string };

/**
 * Columns of base tables in `public` (views and the migration bookkeeping left out; a month's partition too: its
 * rows are its table's, read and erased through it, decisions 0079 and 0095).
 */
export async function baseColumns(query: Query): Promise<Column[]> {
  const { rows } = await query(`
    SELECT c.table_name AS table, c.column_name AS column,
           CASE WHEN c.data_type = 'ARRAY' THEN c.udt_name ELSE c.data_type END AS type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.table_name NOT IN ('schema_migrations', 'schema_repeatables')
      AND NOT EXISTS (SELECT 1 FROM pg_class k WHERE k.relname = c.table_name
                      AND k.relnamespace = 'public'::regnamespace AND k.relispartition)
    ORDER BY c.table_name, c.ordinal_position`);
  return rows as Column[];
}

/** Types that can hold a name, an e-mail address, a phone number or an address. */
export const TEXT_TYPES = new Set([
  'text',
  'character varying',
  'character',
  'jsonb',
  'json',
  'inet',
  '_text',
  '_varchar',
  '_inet',
]);

/** Columns with a foreign key to users(id). */
export async function userForeignKeys(query: Query): Promise<{ table: string; column: string }[]> {
  const { rows } = await query(`
    SELECT cl.relname AS table, a.attname AS column
    FROM pg_constraint con
    JOIN pg_class cl ON cl.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN LATERAL unnest(con.conkey) AS k(attnum) ON true
    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
    WHERE con.contype = 'f' AND con.confrelid = 'public.users'::regclass AND n.nspname = 'public'
      AND NOT cl.relispartition
    ORDER BY 1, 2`);
  return rows as { table: string; column: string }[];
}

/** A bigint column named like a person without a foreign key (audit_log.member_id, ledger_transactions.created_by). */
export const PERSON_NAME =
  /^(user|member|owner|actor|sender|author|admin)_id$|^user(to|by)_id$|_by$|^by_admin$/;
