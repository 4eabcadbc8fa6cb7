import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the gate is the page's one.
const load = async () => {
  vi.resetModules();
  return import('./firstPaint');
};

describe('the first-paint gate', () => {
  let frames: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => {};
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    return () => done;
  };
  const drawFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };

  it('is open where nothing holds it (tests, the build drawing the public pages)', async () => {
    const { afterFirstPaint } = await load();
    const open = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(0);
    expect(open()).toBe(true);
  });

  it('opens once the first render is committed and the browser has drawn it, not before', async () => {
    const { afterFirstPaint, firstRenderCommitted, holdUntilFirstPaint } = await load();
    holdUntilFirstPaint();
    const open = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(500);
    expect(open()).toBe(false);
    firstRenderCommitted();
    await vi.advanceTimersByTimeAsync(0);
    // Committed, but the frame showing it is not drawn yet.
    expect(open()).toBe(false);
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(open()).toBe(true);
    // Asked again later: open at once.
    const again = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(0);
    expect(again()).toBe(true);
  });

  it('never waits more than 3 s, whatever happens to the first render', async () => {
    const { afterFirstPaint, holdUntilFirstPaint } = await load();
    holdUntilFirstPaint();
    const open = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(2999);
    expect(open()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(open()).toBe(true);
  });

  it('afterPaint runs after the next frame, or after a second in a tab that draws none, and can be cancelled', async () => {
    const { afterPaint } = await load();
    let runs = 0;
    afterPaint(() => {
      runs += 1;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(0);
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    // No frame drawn (a tab in the background): after a second.
    afterPaint(() => {
      runs += 1;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    // Cancelled: never.
    const cancel = afterPaint(() => {
      runs += 1;
    });
    cancel();
    drawFrame();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
  });
});
