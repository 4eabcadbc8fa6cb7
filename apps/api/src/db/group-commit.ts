import { type RawBuilder, sql } from 'kysely';

/**
 * Group commit in the application (decision 0047), as TigerBeetle batches: requests of one kind that
 * arrive while earlier ones are being written wait, then go together in one statement and one commit. At low load
 * a request goes at once, alone; under load the batches grow by themselves, up to `maxBatch`. Each request keeps
 * its own answer: `apply` returns one outcome per item, in order, and one item's refusal never fails another.
 * When `apply` itself fails (the connection, the commit), every request of that batch gets the error: none of
 * them was written, and each may be retried with its own Idempotency-Key.
 */
export class GroupCommit<I, O> {
  private readonly queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly apply: (items: I[]) => Promise<O[]>,
    private readonly o: {
      maxBatch: number;
      maxInFlight: number;
      /**
       * An outcome that lost to another writer inside its batch (a deadlock, a serialization failure: that
       * request alone was undone): the request goes again in a later batch, up to twice.
       */
      retry?: (o: O) => boolean;
    },
  ) {}

  async submit(item: I): Promise<O> {
    let outcome = await this.once(item);
    for (let again = 0; again < 2 && this.o.retry?.(outcome); again++) outcome = await this.once(item);
    return outcome;
  }

  private once(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.inFlight < this.o.maxInFlight) this.flush();
    });
  }

  private flush(): void {
    const batch = this.queue.splice(0, this.o.maxBatch);
    if (batch.length === 0) return;
    this.inFlight++;
    this.apply(batch.map((b) => b.item))
      .then(
        (outcomes) => {
          batch.forEach((b, i) => {
            if (i < outcomes.length) b.resolve(outcomes[i] as O);
            else b.reject(new Error(`Group commit: no outcome for item ${i + 1} of ${batch.length}.`));
          });
        },
        (err: unknown) => {
          for (const b of batch) b.reject(err);
        },
      )
      .finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.flush();
      });
  }
}

/** SQLSTATEs of a request that lost to another writer and may simply go again: deadlock, serialization failure. */
export const LOST_TO_ANOTHER_WRITER = new Set(['40P01', '40001']);

/** A batched request's refusal as the batch statement reports it: SQLSTATE, message and DETAIL. */
export type BatchRefusal = { error: { code: string; message: string; detail?: string | null } };

/** The refusal as the error the single statement would have thrown (`code`, `detail`), for the usual mapping. */
export const asSqlError = (r: BatchRefusal['error']): Error & { code: string; detail?: string | null } =>
  Object.assign(new Error(r.message), r);

/**
 * One group-commit queue per database handle (the app has one; tests build several), created on first use, with
 * the usual policy: one batch at a time, up to 32, a request that lost to another writer sent again.
 */
export function groupCommitPerDb<D extends object, I, O extends object>(
  apply: (db: D, items: I[]) => Promise<(O | BatchRefusal)[]>,
): (db: D, item: I) => Promise<O | BatchRefusal> {
  const queues = new WeakMap<D, GroupCommit<I, O | BatchRefusal>>();
  return (db, item) => {
    let gc = queues.get(db);
    if (!gc) {
      gc = new GroupCommit((items) => apply(db, items), {
        maxBatch: 32,
        maxInFlight: 1,
        retry: (o) => 'error' in o && LOST_TO_ANOTHER_WRITER.has((o as BatchRefusal).error.code),
      });
      queues.set(db, gc);
    }
    return gc.submit(item);
  };
}

/**
 * The keys of a batched read as a FROM item, `alias(column)`, and the mark that prepares its statement
 * (decision 0048): a lone key as its own one-row select (`/* prepare:<name> *\/`: the generic plan of a plain
 * lookup, what a quiet app sends) and several as an unnest (`<name>s`). The read joins each key laterally.
 */
export function batchKeys(
  name: string,
  keys: readonly (bigint | Buffer)[],
  type: 'bigint' | 'bytea',
  alias: string,
  column: string,
): { mark: RawBuilder<unknown>; from: RawBuilder<unknown> } {
  const one = keys.length === 1;
  const cast = sql.raw(type);
  return {
    mark: sql.raw(`/* prepare:${one ? name : `${name}s`} */`),
    from: one
      ? sql`(SELECT ${keys[0]}::${cast} AS ${sql.ref(column)}) AS ${sql.ref(alias)}`
      : sql`unnest(${keys}::${cast}[]) AS ${sql.ref(alias)}(${sql.ref(column)})`,
  };
}
