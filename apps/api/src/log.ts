/**
 * How a service says why it took a fallback (a node that did not answer, a batch credit retried one by one),
 * without holding the app's logger itself: app.ts passes one that writes to the app's log once it is built.
 * Nothing on a money path is swallowed silently (decision 0061).
 */
export type Warn = (facts: Record<string, unknown>, message: string) => void;

/** For services built outside an app (benches, scripts): the fallback is still taken, just not logged. */
export const unlogged: Warn = () => undefined;
