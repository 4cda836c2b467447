import { useCallback, useEffect, useState } from 'react';

export type ResourceState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'loaded'; data: T };

/**
 * Loads data with loading, error and loaded states. `load` must be stable.
 * A reload keeps showing the current data until the new data arrives.
 */
export function useResource<T>(load: () => Promise<T>) {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    load()
      .then((data) => {
        if (active) setState({ status: 'loaded', data });
      })
      .catch((error: unknown) => {
        if (active) setState({ status: 'error', error });
      });
    return () => {
      active = false;
    };
  }, [load, version]);

  const reload = useCallback(() => {
    setState((current) => (current.status === 'error' ? { status: 'loading' } : current));
    setVersion((current) => current + 1);
  }, []);

  return { state, reload };
}
