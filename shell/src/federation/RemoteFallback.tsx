import { createContext, useContext, useEffect } from 'react';
import { Button } from '@portfolio/shared/ui';
import { useHydrationMark } from './hydration-mark';
import { REMOTE_UNAVAILABLE_TEXT, REMOTE_UNAVAILABLE_TITLE, RETRY_LABEL } from '../texts';
import styles from './RemoteFallback.module.css';

/** While the fallback shows, it retries by itself this often (the remote may be back). */
export const AUTO_RETRY_MS = 10_000;

/** Provided by RemoteRoute: loads the route's remote again. */
export const RemoteRetryContext = createContext<() => void>(() => undefined);

/** While a fallback shows, `retry` runs by itself every AUTO_RETRY_MS. */
export function useAutoRetry(retry: () => void): void {
  useEffect(() => {
    const timer = window.setTimeout(retry, AUTO_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [retry]);
}

export function RemoteFallback({ remote }: { remote: string }) {
  const retry = useContext(RemoteRetryContext);
  useHydrationMark();
  useAutoRetry(retry);
  return (
    <section className={styles.fallback} role="alert" data-remote-fallback={remote}>
      <h1 className={styles.title}>{REMOTE_UNAVAILABLE_TITLE}</h1>
      <p>{REMOTE_UNAVAILABLE_TEXT}</p>
      <Button onClick={retry}>{RETRY_LABEL}</Button>
    </section>
  );
}

/** The module the runtime plugin returns in place of a page it could not load. */
export function createFallbackModule(remote: string) {
  function RemoteUnavailablePage() {
    return <RemoteFallback remote={remote} />;
  }
  return { default: RemoteUnavailablePage, isRemoteFallback: true };
}
