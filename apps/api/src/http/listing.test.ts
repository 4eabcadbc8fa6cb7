import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageSeek } from './listing';

describe('pageSeek', () => {
  it('finds the same rows from the back as offsets from the front, never walking past the middle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (total, page, limit) => {
          const list = Array.from({ length: total }, (_, i) => i);
          const want = list.slice((page - 1) * limit, page * limit);
          const seek = pageSeek(page, limit, total);
          if (want.length === 0) {
            expect(seek).toBeNull();
            return;
          }
          if (!seek) throw new Error('no seek');
          const walked = seek.reverse
            ? [...list]
                .reverse()
                .slice(seek.offset, seek.offset + seek.limit)
                .reverse()
            : list.slice(seek.offset, seek.offset + seek.limit);
          expect(walked).toEqual(want);
          expect(seek.offset).toBeLessThanOrEqual(Math.ceil(total / 2));
        },
      ),
    );
  });
});
