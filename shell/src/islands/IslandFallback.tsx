// An island whose code could not be loaded (its remote down): the server's HTML stays where it
// is, and this note beside it says the part does not answer yet, with Retry (docs/decisions/148).
import { Button } from '@portfolio/shared/ui';
import { useAutoRetry } from '../federation/RemoteFallback';
import { RETRY_LABEL, REMOTE_UNAVAILABLE_TEXT } from '../texts';
import styles from '../federation/RemoteFallback.module.css';

export function IslandFallback({ remote, onRetry }: { remote: string; onRetry: () => void }) {
  useAutoRetry(onRetry);
  return (
    <div className={styles.fallback} role="alert" data-remote-fallback={remote}>
      <p>{REMOTE_UNAVAILABLE_TEXT}</p>
      <Button onClick={onRetry}>{RETRY_LABEL}</Button>
    </div>
  );
}
