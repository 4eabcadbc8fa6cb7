import type pg from 'pg';

/**
 * What a database's schema is made of, read from the catalog as text rows, for comparing two
 * databases (decision 0057): functions with their full definition and privileges, triggers, views,
 * tables' columns, constraints and indexes. Objects that an extension owns are left out.
 */
export async function schemaCatalog(client: pg.Client | pg.PoolClient) {
  const q = async (sql: string) => (await client.query<{ x: string }>(sql)).rows.map((r) => r.x);
  const notExtension = (classid: string, oid: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${classid}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;
  return {
    functions: await q(`
      SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') acl=' ||
             coalesce(p.proacl::text, '-') || E'\\n' || pg_get_functiondef(p.oid) AS x
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
        AND ${notExtension('pg_proc', 'p.oid')}
      ORDER BY 1`),
    triggers: await q(`
      SELECT c.relname || '.' || t.tgname || ' enabled=' || t.tgenabled::text || E'\\n' || pg_get_triggerdef(t.oid) AS x
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
        AND NOT c.relispartition -- a partition's are its table's, copied (decision 0079)
      ORDER BY 1`),
    views: await q(`
      SELECT c.relname || ' ' || c.relkind::text || ' acl=' || coalesce(c.relacl::text, '-') || E'\\n' ||
             pg_get_viewdef(c.oid) AS x
      FROM pg_class c WHERE c.relkind IN ('v', 'm') AND c.relnamespace = 'public'::regnamespace ORDER BY 1`),
    tables: await q(`
      SELECT c.relname || ' ' || c.relkind::text || ' acl=' || coalesce(c.relacl::text, '-') AS x
      FROM pg_class c WHERE c.relkind IN ('r', 'p', 'S') AND c.relnamespace = 'public'::regnamespace ORDER BY 1`),
    columns: await q(`
      SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) ||
             CASE WHEN a.attnotnull THEN ' not null' ELSE '' END ||
             coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') ||
             CASE WHEN a.attgenerated <> '' THEN ' generated' ELSE '' END AS x
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
        AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1`),
    constraints: await q(`
      SELECT c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS x
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE c.relnamespace = 'public'::regnamespace ORDER BY 1`),
    indexes: await q(`
      SELECT indexname || ' ' || indexdef AS x FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
    extensions: await q(`SELECT extname AS x FROM pg_extension ORDER BY 1`),
  };
}
