import { useId, useState } from 'react';
import { ArticleInputSchema } from '@portfolio/contract';
import type { ArticleInput, PublicationInput } from '@portfolio/shared/api-client';
import type { Article } from '@portfolio/shared/types';
import { CONTENT_LABEL, TITLE_LABEL, newOrEditTitle, ARTICLE_SAVE_ERROR } from '../../texts';
import { EditorFrame, useEditorSave } from './EditorFrame';
import { ImageField } from './ImageField';
import { MarkdownPreview } from './MarkdownPreview';
import { TextField } from './TextField';
import type { EditorProps } from './ProjectEditor';
import styles from './admin.module.css';

/** The API's limits of each field (docs/decisions/052). */
const LIMITS = ArticleInputSchema.properties;

export function ArticleEditor({ initial, onSave, onCancel }: EditorProps<Article, ArticleInput>) {
  const id = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [imagePath, setImagePath] = useState(initial?.imagePath ?? '');
  const { busy, error, save } = useEditorSave(onSave, ARTICLE_SAVE_ERROR);

  const submit = (publication: PublicationInput) => {
    const input: ArticleInput = { title: title.trim(), content, ...publication };
    if (imagePath.trim()) input.imagePath = imagePath.trim();
    void save(input);
  };

  return (
    <EditorFrame
      title={newOrEditTitle('article', initial !== null)}
      initial={initial}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        formId={id}
        name="title"
        label={TITLE_LABEL}
        required
        maxLength={LIMITS.title.maxLength}
        value={title}
        onChange={setTitle}
      />
      <div className={styles.markdown}>
        <TextField
          formId={id}
          name="content"
          label={CONTENT_LABEL}
          required
          rows={14}
          maxLength={LIMITS.content.maxLength}
          value={content}
          onChange={setContent}
        />
        <MarkdownPreview markdown={content} id={id} />
      </div>
      <ImageField value={imagePath} onChange={setImagePath} />
    </EditorFrame>
  );
}
