import { type ComponentType, isValidElement, type LazyExoticComponent, lazy, type ReactNode } from 'react';

type Loaded<P> = { default: ComponentType<P> };

const preloads = new WeakMap<object, () => Promise<unknown>>();

/**
 * React.lazy with a preload. Once its module is loaded, the component's loader answers at once (a thenable that
 * calls back synchronously, which React.lazy reads without suspending), so a render after the preload draws it
 * without its Suspense fallback. Main.tsx preloads the first page's components before the first render
 * (preloadElements): a fallback shown for a few milliseconds would otherwise hold the page back, as React keeps
 * a fallback it has shown for at least 300 ms (decision 0051).
 */
export function preloadableLazy<P = object>(
  load: () => Promise<Loaded<P>>,
): LazyExoticComponent<ComponentType<P>> {
  let loaded: Loaded<P> | undefined;
  let pending: Promise<Loaded<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    const module = loaded;
    if (module === undefined) return preload();
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, calling back at once (see above).
    return { then: (resolve: (m: Loaded<P>) => void) => resolve(module) } as Promise<Loaded<P>>;
  });
  preloads.set(Component, preload);
  return Component;
}

/**
 * Loads the preloadable components an element tree names (its elements' types and, through `children`, theirs),
 * each once. Settles when all have loaded or failed: a failure is left for the render to meet (its error
 * boundary), as it would without the preload.
 */
export function preloadElements(nodes: ReactNode[]): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  const visit = (node: ReactNode): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!isValidElement<{ children?: ReactNode }>(node)) return;
    const preload = typeof node.type === 'object' ? preloads.get(node.type) : undefined;
    if (preload !== undefined) loads.push(preload());
    visit(node.props.children);
  };
  for (const node of nodes) visit(node);
  return Promise.allSettled(loads);
}
