import { describe, expect, it } from 'vitest';
import { checkJobs, type JobDefinition, jobs } from './jobs';

const job = (name: string, followUps?: string[]): JobDefinition =>
  ({ name, describe: name, run: async () => null, ...(followUps ? { followUps } : {}) }) as JobDefinition;

describe('the job definitions', () => {
  it('follow up only with jobs that exist, each name once', () => {
    expect(() => checkJobs(jobs)).not.toThrow();
    expect(jobs.some((j) => (j.followUps ?? []).length > 0)).toBe(true);
  });

  it('refuse a follow-up that is not a job, and a name given twice', () => {
    expect(() => checkJobs([job('a', ['b']), job('b')])).not.toThrow();
    expect(() => checkJobs([job('a', ['c']), job('b')])).toThrow('a follows up with c, which is not a job');
    expect(() => checkJobs([job('a'), job('a')])).toThrow('two jobs are named a');
  });
});
