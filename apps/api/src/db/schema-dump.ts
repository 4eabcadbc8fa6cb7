import type pg from 'pg';

// The migrated database as stable SQL-like text (decision 0058): what pg_dump --schema-only would say,
// read from the catalogs, because the embedded PostgreSQL ships no pg_dump and Debian's is older than it.
// Every list is sorted by name, so two databases with the same schema print the same text.

/** The schemas of ours: every one but PostgreSQL's own. */
const OURS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND n.nspname NOT LIKE 'pg_temp_%' AND n.nspname NOT LIKE 'pg_toast_temp_%'`;

/** Not an object an extension brought (pg_trgm's functions, its operator classes). */
const notFromExtension = (oid: string, catalog: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.classid = '${catalog}'::regclass AND d.deptype = 'e')`;

/**
 * Not a month's partition of a table partitioned by time (decision 0079): those are made by the calendar (the
 * migration from the oldest row's month, a daily job ahead), so the schema names the partitioned table and its
 * DEFAULT partition only.
 */
const notMonth = (rel: string) =>
  `NOT (${rel}.relispartition AND pg_get_expr(${rel}.relpartbound, ${rel}.oid) <> 'DEFAULT')`;

const ident = (s: string) => (/^[a-z_][a-z0-9_]*$/.test(s) ? s : `"${s.replace(/"/g, '""')}"`);

type Section = { title: string; lines: string[] };

/** Sorted by code unit, whatever the database's collation (ORDER BY on text follows its locale). */
const sorted = (lines: string[]) => [...lines].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

async function rows<T>(client: pg.ClientBase, sql: string): Promise<T[]> {
  return (await client.query(sql)).rows as T[];
}

/**
 * The schema's text. Read in one snapshot, with `public` the only schema on the search path so that
 * the pg_get_*def functions qualify names the same way whoever connects.
 */
export async function dumpSchema(client: pg.ClientBase): Promise<string> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await client.query('SET LOCAL search_path TO public');
    return await dumpIn(client);
  } finally {
    await client.query('ROLLBACK');
  }
}

async function dumpIn(client: pg.ClientBase): Promise<string> {
  const sections: Section[] = [];
  const add = (title: string, lines: string[]) => sections.push({ title, lines });

  add(
    'Schemas',
    sorted(
      (
        await rows<{ name: string }>(
          client,
          `SELECT n.nspname AS name FROM pg_namespace n WHERE ${OURS} ORDER BY 1`,
        )
      ).map((r) => `CREATE SCHEMA ${ident(r.name)};`),
    ),
  );

  add(
    'Extensions',
    sorted(
      (
        await rows<{ name: string; schema: string }>(
          client,
          `SELECT e.extname AS name, n.nspname AS schema FROM pg_extension e
           JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname <> 'plpgsql' ORDER BY 1`,
        )
      ).map((r) => `CREATE EXTENSION ${ident(r.name)} WITH SCHEMA ${ident(r.schema)};`),
    ),
  );

  add(
    'Types',
    sorted(
      (
        await rows<{ name: string; def: string }>(
          client,
          `SELECT format('%I.%I', n.nspname, t.typname) AS name,
           CASE t.typtype
             WHEN 'e' THEN 'AS ENUM (' || (SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder)
                                           FROM pg_enum e WHERE e.enumtypid = t.oid) || ')'
             WHEN 'd' THEN 'AS DOMAIN ' || format_type(t.typbasetype, t.typtypmod)
                || CASE WHEN t.typnotnull THEN ' NOT NULL' ELSE '' END
                || coalesce(' DEFAULT ' || t.typdefault, '')
                || coalesce((SELECT string_agg(' CONSTRAINT ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid), '' ORDER BY c.conname)
                             FROM pg_constraint c WHERE c.contypid = t.oid AND c.contype <> 'n'), '')
             ELSE 'AS (' || (SELECT string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum)
                             FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) || ')'
           END AS def
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         WHERE ${OURS} AND ${notFromExtension('t.oid', 'pg_type')}
           AND (t.typtype IN ('e', 'd') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
         ORDER BY 1`,
        )
      ).map((r) => `CREATE TYPE ${r.name} ${r.def};`),
    ),
  );

  add(
    'Sequences',
    (
      await rows<{ line: string }>(
        client,
        `SELECT format('CREATE SEQUENCE %I.%I AS %s INCREMENT %s MINVALUE %s MAXVALUE %s START %s CACHE %s%s%s;',
           n.nspname, c.relname, format_type(s.seqtypid, NULL), s.seqincrement, s.seqmin, s.seqmax, s.seqstart,
           s.seqcache, CASE WHEN s.seqcycle THEN ' CYCLE' ELSE '' END,
           coalesce((SELECT format(' OWNED BY %I.%I.%I', tn.nspname, t.relname, a.attname)
                       FROM pg_depend d JOIN pg_class t ON t.oid = d.refobjid
                       JOIN pg_namespace tn ON tn.oid = t.relnamespace
                       JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                      WHERE d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
                        AND d.deptype IN ('a', 'i')), '')) AS line
         FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE ${OURS} ORDER BY n.nspname, c.relname`,
      )
    ).map((r) => r.line),
  );

  const tables = await rows<{ oid: number; name: string; kind: string; rls: boolean; part: string | null }>(
    client,
    `SELECT c.oid, format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind, c.relrowsecurity AS rls,
            CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid)
                 WHEN c.relispartition THEN format('PARTITION OF %s %s', (SELECT i.inhparent::regclass FROM pg_inherits i WHERE i.inhrelid = c.oid),
                                                   pg_get_expr(c.relpartbound, c.oid)) END AS part
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${OURS} AND c.relkind IN ('r', 'p') AND ${notMonth('c')} ORDER BY n.nspname, c.relname`,
  );
  const columns = await rows<{ rel: number; line: string }>(
    client,
    `SELECT a.attrelid AS rel,
            quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
            || CASE WHEN a.attcollation <> 0 AND a.attcollation <> t.typcollation
                    THEN ' COLLATE ' || (SELECT quote_ident(collname) FROM pg_collation WHERE oid = a.attcollation) ELSE '' END
            || CASE a.attidentity WHEN 'a' THEN ' GENERATED ALWAYS AS IDENTITY' WHEN 'd' THEN ' GENERATED BY DEFAULT AS IDENTITY' ELSE '' END
            || CASE WHEN a.attgenerated <> '' THEN ' GENERATED ALWAYS AS (' || pg_get_expr(d.adbin, d.adrelid) || ')'
                    || CASE a.attgenerated WHEN 's' THEN ' STORED' ELSE ' VIRTUAL' END
                    WHEN d.adbin IS NOT NULL THEN ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) ELSE '' END
            || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END AS line
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE ${OURS} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attrelid, a.attnum`,
  );
  const constraints = await rows<{ rel: number; line: string }>(
    client,
    `SELECT c.conrelid AS rel, 'CONSTRAINT ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid) AS line
       FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE ${OURS} AND c.contype <> 'n' ORDER BY c.conrelid, c.conname`,
  );
  const tableLines: string[] = [];
  for (const t of tables) {
    const body = [
      ...columns.filter((c) => c.rel === t.oid).map((c) => c.line),
      ...constraints.filter((c) => c.rel === t.oid).map((c) => c.line),
    ];
    tableLines.push(
      `CREATE TABLE ${t.name} (\n  ${body.join(',\n  ')}\n)${t.kind === 'p' ? ` PARTITION BY ${t.part}` : t.part ? ` ${t.part}` : ''};`,
    );
    if (t.rls) tableLines.push(`ALTER TABLE ${t.name} ENABLE ROW LEVEL SECURITY;`);
    tableLines.push('');
  }
  add('Tables', tableLines);

  add(
    'Indexes',
    (
      await rows<{ line: string }>(
        client,
        `SELECT pg_get_indexdef(i.indexrelid) || ';' AS line
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE ${OURS} AND ${notMonth('t')} ORDER BY n.nspname, t.relname, c.relname`,
      )
    ).map((r) => r.line),
  );

  add(
    'Views',
    (
      await rows<{ line: string }>(
        client,
        `SELECT format('CREATE %sVIEW %I.%I AS%s', CASE c.relkind WHEN 'm' THEN 'MATERIALIZED ' ELSE '' END,
                  n.nspname, c.relname, E'\\n' || rtrim(pg_get_viewdef(c.oid, true), ';')) || E';\\n' AS line
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE ${OURS} AND c.relkind IN ('v', 'm') ORDER BY n.nspname, c.relname`,
      )
    ).map((r) => r.line),
  );

  add(
    'Functions',
    (
      await rows<{ line: string }>(
        client,
        `SELECT CASE WHEN p.prokind = 'a'
                  THEN format('CREATE AGGREGATE %I.%I(%s);', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
                  ELSE rtrim(pg_get_functiondef(p.oid), E'\\n') || E';\\n' END AS line
           FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE ${OURS} AND ${notFromExtension('p.oid', 'pg_proc')}
          ORDER BY n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) COLLATE "C"`,
      )
    ).map((r) => r.line),
  );

  add(
    'Triggers',
    (
      await rows<{ line: string }>(
        client,
        `SELECT pg_get_triggerdef(t.oid, true) || ';' AS line
           FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE ${OURS} AND NOT t.tgisinternal AND ${notMonth('c')} ORDER BY n.nspname, c.relname, t.tgname`,
      )
    ).map((r) => r.line),
  );

  add(
    'Policies',
    (
      await rows<{ line: string }>(
        client,
        `SELECT format('CREATE POLICY %I ON %I.%I AS %s FOR %s TO %s%s%s;', policyname, schemaname, tablename,
                  permissive, cmd, array_to_string(roles, ', '), coalesce(' USING (' || qual || ')', ''),
                  coalesce(' WITH CHECK (' || with_check || ')', '')) AS line
           FROM pg_policies ORDER BY schemaname, tablename, policyname`,
      )
    ).map((r) => r.line),
  );

  // Who may do what: the app role's grants are part of the schema's meaning (it may append to the
  // ledger, never update it). The superuser's own rights (the owner's) are left out.
  add(
    'Privileges',
    sorted(
      (
        await rows<{ line: string }>(
          client,
          `WITH objects AS (
           SELECT CASE c.relkind WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind,
                  format('%I.%I', n.nspname, c.relname) AS name, c.relacl AS acl, c.relowner AS owner
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE ${OURS} AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND ${notMonth('c')}
           UNION ALL
           SELECT 'FUNCTION', format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
                  p.proacl, p.proowner
             FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE ${OURS} AND ${notFromExtension('p.oid', 'pg_proc')}
           UNION ALL
           SELECT 'SCHEMA', quote_ident(n.nspname), n.nspacl, n.nspowner FROM pg_namespace n WHERE ${OURS}
         ), columns AS (
           SELECT format('%I.%I', n.nspname, c.relname) AS name, a.attname, a.attacl AS acl
             FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE ${OURS} AND a.attacl IS NOT NULL AND a.attnum > 0 AND NOT a.attisdropped
         )
         SELECT format('GRANT %s ON %s %s TO %s;', string_agg(x.privilege_type, ', ' ORDER BY x.privilege_type), o.kind, o.name,
                       CASE WHEN x.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(x.grantee)) END) AS line
           FROM objects o, aclexplode(o.acl) x
          WHERE x.grantee <> o.owner
          GROUP BY o.kind, o.name, x.grantee
         UNION ALL
         SELECT format('GRANT %s (%s) ON TABLE %s TO %s;', x.privilege_type, string_agg(quote_ident(c.attname), ', ' ORDER BY c.attname),
                       c.name, CASE WHEN x.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(x.grantee)) END)
           FROM columns c, aclexplode(c.acl) x
          GROUP BY c.name, x.privilege_type, x.grantee
         ORDER BY 1`,
        )
      ).map((r) => r.line),
    ),
  );

  add(
    'Comments',
    sorted(
      (
        await rows<{ line: string }>(
          client,
          `SELECT format('COMMENT ON %s IS %L;', CASE WHEN d.objsubid = 0 THEN 'TABLE ' || format('%I.%I', n.nspname, c.relname)
                  ELSE 'COLUMN ' || format('%I.%I.%I', n.nspname, c.relname, a.attname) END, d.description) AS line
           FROM pg_description d JOIN pg_class c ON d.classoid = 'pg_class'::regclass AND c.oid = d.objoid
           JOIN pg_namespace n ON n.oid = c.relnamespace
           LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.objsubid
          WHERE ${OURS}
         UNION ALL
         SELECT format('COMMENT ON FUNCTION %I.%I(%s) IS %L;', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), d.description)
           FROM pg_description d JOIN pg_proc p ON d.classoid = 'pg_proc'::regclass AND p.oid = d.objoid
           JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE ${OURS} AND ${notFromExtension('p.oid', 'pg_proc')}
         ORDER BY 1`,
        )
      ).map((r) => r.line),
    ),
  );

  const out = [
    '-- The schema of a fresh database migrated by apps/api/src/db/migrate.ts (decision 0058).',
    '-- Generated by `npm run db:schema`; checked by `npm run check:schema`. Do not edit.',
  ];
  for (const s of sections) {
    if (s.lines.length === 0) continue;
    out.push('', `-- ${s.title}`, '');
    out.push(...s.lines);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
