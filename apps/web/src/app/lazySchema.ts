import type { z as zod } from 'zod';
import { afterFirstPaint } from './firstPaint';

/**
 * Response schemas that load with the first answer they check, not with the page (decision 0046). The
 * contracts (zod and every schema, about 49 kB gzip) were in the member dashboard's first download only
 * because its API modules imported schemas to check answers; a lazy schema names the schema and the
 * contracts load in parallel with the first request instead. Checking is unchanged: the same zod schema
 * checks the same answer, and a wrong shape is refused as before.
 */
export type Contracts = typeof import('@sgx/contracts');

/** Any zod schema (or anything with `safeParse`). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A response schema named now and built when first used. */
export interface LazySchema<T> {
  load(): Promise<ResponseSchema<T>>;
}

let contracts: Promise<Contracts> | undefined;

/**
 * The contracts, loaded once (a failed load is tried again on the next call), after the first screen is drawn
 * (app/firstPaint.ts): an answer that comes before is checked then.
 */
export function loadSchemas(): Promise<Contracts> {
  if (contracts === undefined) {
    const attempt = afterFirstPaint().then(() => import('@sgx/contracts'));
    contracts = attempt;
    attempt.catch(() => {
      if (contracts === attempt) contracts = undefined;
    });
  }
  return contracts;
}

/**
 * A schema made from the contracts when first used: `lazySchema((c) => c.MessageResponse.extend({ ... }))`.
 * (An answer shape belongs in @sgx/contracts, where the API's route declares it too: then `contract(name)`.)
 */
export function lazySchema<T>(build: (c: Contracts) => ResponseSchema<T>): LazySchema<T> {
  let built: ResponseSchema<T> | undefined;
  return {
    load: async () => {
      built ??= build(await loadSchemas());
      return built;
    },
  };
}

/** The schema itself, whichever form it was given in. */
export async function resolveSchema<T>(
  schema: ResponseSchema<T> | LazySchema<T>,
): Promise<ResponseSchema<T>> {
  return 'load' in schema ? schema.load() : schema;
}

type SchemaName = {
  [K in keyof Contracts]: Contracts[K] extends zod.ZodType ? K : never;
}[keyof Contracts];

const named = new Map<string, LazySchema<unknown>>();

/** A contract's schema by name, loaded with the first answer it checks: `schema: contract('WalletsResponse')`. */
export function contract<K extends SchemaName>(name: K): LazySchema<zod.output<Contracts[K]>> {
  let schema = named.get(name);
  if (schema === undefined) {
    schema = lazySchema((c) => c[name] as ResponseSchema<unknown>);
    named.set(name, schema);
  }
  return schema as LazySchema<zod.output<Contracts[K]>>;
}
