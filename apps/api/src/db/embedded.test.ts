import { describe, expect, it } from 'vitest';
import { memoryFlags } from './embedded';

const GiB = 1024 ** 3;
const asMap = (flags: string[]) =>
  Object.fromEntries(flags.filter((_, i) => i % 2 === 1).map((kv) => kv.split('=') as [string, string]));

describe('memory settings of the embedded PostgreSQL', () => {
  it('gives a quarter of the machine to shared buffers and tells the planner half is cache', () => {
    const m = asMap(memoryFlags(24 * GiB));
    expect(m.shared_buffers).toBe('6144MB');
    expect(m.effective_cache_size).toBe('12288MB');
    expect(m.work_mem).toBe('16MB');
  });

  it('stays within sane bounds on small and very large machines', () => {
    expect(asMap(memoryFlags(256 * 1024 * 1024)).shared_buffers).toBe('128MB');
    expect(asMap(memoryFlags(512 * GiB)).shared_buffers).toBe('8192MB');
  });
});
