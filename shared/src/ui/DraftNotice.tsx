import { publicationLabel } from '@portfolio/shared/format';
import type { PublicationState } from '@portfolio/shared/format';
import styles from './ui.module.css';

export const DRAFT_NOTICE_TITLE = 'Draft: not published';
export const DRAFT_NOTICE_TEXT =
  'Only admins see this page. Visitors get "Page not found" until it is published.';

/**
 * Above a project or an article an admin previews before it is public (docs/decisions/122):
 * the page is otherwise the one visitors will see. Nothing for a published one.
 */
export function DraftNotice({ state }: { state: PublicationState }) {
  if (state.kind === 'published') return null;
  return (
    <aside className={styles.draftNotice} aria-label={DRAFT_NOTICE_TITLE}>
      <p className={styles.draftNoticeTitle}>{DRAFT_NOTICE_TITLE}</p>
      <p>
        {state.kind === 'scheduled' && `${publicationLabel(state)}. `}
        {DRAFT_NOTICE_TEXT}
      </p>
    </aside>
  );
}
