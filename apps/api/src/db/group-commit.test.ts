import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A batch writer whose batches the test finishes by hand, recording what each batch held. */
function manual() {
  const batches: number[][] = [];
  const finish: ((fail?: Error) => void)[] = [];
  const gc = new GroupCommit<number, string>(
    (items) =>
      new Promise((resolve, reject) => {
        batches.push(items);
        finish.push((fail) => (fail ? reject(fail) : resolve(items.map((i) => `done ${i}`))));
      }),
    { maxBatch: 3, maxInFlight: 1 },
  );
  return { gc, batches, finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('sends a lone request at once, and the ones arriving meanwhile together, up to the batch size', async () => {
    const { gc, batches, finish } = manual();
    const first = gc.submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((i) => gc.submit(i));
    expect(batches).toHaveLength(1);
    finish[0]?.();
    expect(await first).toBe('done 1');
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish[1]?.();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    finish[2]?.();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4', 'done 5']);
  });

  it('fails only the batch whose write failed; the next batch goes on', async () => {
    const { gc, batches, finish } = manual();
    const a = gc.submit(1);
    const b = gc.submit(2);
    finish[0]?.(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await tick();
    expect(batches).toEqual([[1], [2]]);
    finish[1]?.();
    expect(await b).toBe('done 2');
  });

  it('sends again, in a later batch and at most twice, a request that lost to another writer', async () => {
    const seen: number[][] = [];
    let lose = 2;
    const gc = new GroupCommit<number, string>(
      async (items) => {
        seen.push(items);
        return items.map((i) => (i === 7 && lose-- > 0 ? 'deadlock' : `done ${i}`));
      },
      { maxBatch: 5, maxInFlight: 1, retry: (o) => o === 'deadlock' },
    );
    expect(await Promise.all([gc.submit(7), gc.submit(8)])).toEqual(['done 7', 'done 8']);
    expect(seen).toEqual([[7], [8, 7], [7]]);
    lose = 5;
    expect(await gc.submit(7)).toBe('deadlock');
  });

  it('rejects a request its batch returned no outcome for', async () => {
    const gc = new GroupCommit<number, number>(async (items) => items.slice(1), {
      maxBatch: 5,
      maxInFlight: 1,
    });
    const first = gc.submit(1);
    await expect(first).rejects.toThrow('no outcome');
  });
});
