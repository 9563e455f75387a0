import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { afterPageLoad } from '../lib/after-page-load';

/**
 * A component whose code the first screen does not need (it shows or does nothing at first): it
 * loads and mounts once the page has loaded.
 */
export function afterLoad<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function AfterLoad(props: P) {
    const [loaded, setLoaded] = useState(false);
    useEffect(() => afterPageLoad(() => setLoaded(true)), []);
    return loaded ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  };
}
