/**
 * The app's first drawing comes first (decision 0052). What is not needed to draw the opened page (the answers'
 * schemas, the toasts) waits until the browser has drawn it, so on a slow phone its download and set-up do not
 * hold the first screen back. main.tsx holds the gate before the first render and App opens it once its first
 * render is committed; where nothing holds it (tests, the build's drawing), it is open.
 */

let gate: Promise<void> | undefined;
let openGate: (() => void) | undefined;

/** Never more than this is waited, whatever happens to the first drawing (a tab in the background draws none). */
const LONGEST_WAIT_MS = 3000;

/** Called by main.tsx before the first render. */
export function holdUntilFirstPaint(): void {
  gate = new Promise((resolve) => {
    openGate = resolve;
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
}

/** Called once the first render is committed: the gate opens after the browser has drawn it. */
export function firstRenderCommitted(): void {
  const open = openGate;
  openGate = undefined;
  if (open !== undefined) afterPaint(open);
}

/** Settles once the first screen has been drawn (at once when nothing holds the gate). */
export function afterFirstPaint(): Promise<void> {
  return gate ?? Promise.resolve();
}

/**
 * Runs `then` once the browser has drawn the next frame (or after a second, in a tab that draws none); the
 * returned function cancels it.
 */
export function afterPaint(then: () => void): () => void {
  let frame = 0;
  let timer = setTimeout(() => {
    cancelAnimationFrame(frame);
    then();
  }, 1000);
  frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
