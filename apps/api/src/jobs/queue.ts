/** What services may ask of the job queue (set on Deps while jobs run in this process). */
export type JobQueue = {
  send(
    name: string,
    data: object,
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<void>;
};
