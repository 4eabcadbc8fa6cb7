import { createElement, Fragment, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy, preloadElements } from './preloadable';

const Page = () => createElement('h2', null, 'Dashboard');
const page = () => Promise.resolve({ default: Page });
const inSuspense = (node: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, node));

describe('preloadableLazy', () => {
  it('draws its fallback before the preload and the component at once after it', async () => {
    const Lazy = preloadableLazy(page);
    // Not loaded: React suspends and the fallback is drawn (as React.lazy does).
    expect(inSuspense(createElement(Lazy))).toContain('loading');
    const Other = preloadableLazy(page);
    await preloadElements([createElement(Other, { key: 'other' })]);
    // Loaded: the first render reads the module at once, no fallback.
    expect(inSuspense(createElement(Other))).toBe('<!--$--><h2>Dashboard</h2><!--/$-->');
  });

  it('finds the components to load in children, nested, each loaded once', async () => {
    let loads = 0;
    const Frame = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve({
        default: ({ children }: { children?: unknown }) => createElement('main', null, children as never),
      });
    });
    const Inner = preloadableLazy(page);
    const tree = createElement(
      Suspense,
      { fallback: null },
      createElement(Frame, null, createElement(Fragment, null, [createElement(Inner, { key: 1 })])),
    );
    await preloadElements([tree, createElement('div', { key: 'div' }), null]);
    await preloadElements([tree]);
    expect(loads).toBe(1);
    expect(renderToString(tree)).toBe('<!--$--><main><h2>Dashboard</h2></main><!--/$-->');
  });

  it('settles when a load fails, which the render then meets again', async () => {
    let attempts = 0;
    const Broken = preloadableLazy(() => {
      attempts += 1;
      return Promise.reject(new Error('offline'));
    });
    await expect(preloadElements([createElement(Broken, { key: 'broken' })])).resolves.toBeDefined();
    // A failed preload is not kept: the render tries the load again.
    expect(inSuspense(createElement(Broken))).toContain('loading');
    expect(attempts).toBe(2);
  });
});
