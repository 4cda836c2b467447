import { useDeferredValue, useMemo } from 'react';
import { PREVIEW_EMPTY, PREVIEW_HEADING } from '../../texts';
import { renderMarkdown } from '@portfolio/shared/markdown';
import styles from './admin.module.css';

export function MarkdownPreview({ markdown, id }: { markdown: string; id: string }) {
  // Typing stays responsive on long articles: the preview may lag a keystroke behind.
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <section className={styles.preview} aria-labelledby={`${id}-preview`}>
      <h4 id={`${id}-preview`} className={styles.previewHeading}>
        {PREVIEW_HEADING}
      </h4>
      {deferred.trim() ? (
        <div
          className={styles.previewBody}
          data-testid="markdown-preview"
          // Sanitised by DOMPurify in renderMarkdown.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className={styles.muted}>{PREVIEW_EMPTY}</p>
      )}
    </section>
  );
}
