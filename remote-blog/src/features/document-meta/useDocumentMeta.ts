// The page's <title> and <meta name="description"> while a page is shown; what was there before
// comes back when it leaves, so the next page (possibly another remote's) starts clean.
import { useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description?: string;
}

/** Pass null while there is nothing to announce yet (e.g. still loading). */
export function useDocumentMeta(meta: DocumentMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;

  useEffect(() => {
    if (title === undefined) return;
    const previousTitle = document.title;
    document.title = title;
    if (description === undefined) {
      return () => {
        document.title = previousTitle;
      };
    }
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previousDescription = tag.getAttribute('content');
    tag.setAttribute('content', description);
    const descriptionTag = tag;
    return () => {
      document.title = previousTitle;
      if (created) descriptionTag.remove();
      else if (previousDescription === null) descriptionTag.removeAttribute('content');
      else descriptionTag.setAttribute('content', previousDescription);
    };
  }, [title, description]);
}
