import { useDeferredValue, useMemo } from 'react';
import { PREVIEW_EMPTY, PREVIEW_HEADING } from '../../texts';
import { renderMarkdown } from '@portfolio/shared/markdown';
import type { Image } from '@portfolio/shared/types';
import styles from './admin.module.css';

export function MarkdownPreview({
  markdown,
  id,
  images,
}: {
  markdown: string;
  id: string;
  /** What the API knows of the stored images the text shows, drawn as the public page does. */
  images?: readonly Image[];
}) {
  // Typing stays responsive on long articles: the preview may lag a keystroke behind.
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => renderMarkdown(deferred, { images }), [deferred, images]);
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
