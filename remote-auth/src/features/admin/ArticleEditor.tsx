import { useId, useRef, useState } from 'react';
import {
  ARTICLE_EXCERPT_LENGTH,
  ArticleInputSchema,
  MAX_TAGS,
  META_DESCRIPTION_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  TAG_MAX_LENGTH,
} from '@portfolio/contract';
import { ApiError, getArticleRevision } from '@portfolio/shared/api-client';
import type { ArticleInput, PublicationInput } from '@portfolio/shared/api-client';
import type { ArticleVersion } from '@portfolio/contract';
import type { Article, Image } from '@portfolio/shared/types';
import { CONTENT_LABEL, IMAGE_PATH_LABEL, TITLE_LABEL, ARTICLE_SAVE_ERROR } from '../../texts';
import {
  EXCERPT_HINT,
  EXCERPT_LABEL,
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_LABEL,
  SLUG_FROM_TITLE_HINT,
  SLUG_LABEL,
  SLUG_RENAME_HINT,
  SLUG_TAKEN,
  TAGS_LABEL,
  TAGS_PREVIEW_LABEL,
  addressHint,
  invalidTags,
  slugInvalid,
  slugKeptHint,
  tagsHint,
  tooManyTags,
} from './admin-texts';
import { EditorFrame, useEditorSave } from './EditorFrame';
import { ImageField } from './ImageField';
import { InsertImage } from './InsertImage';
import { MarkdownPreview } from './MarkdownPreview';
import { TextField } from './TextField';
import type { EditorProps } from './ProjectEditor';
import { parseSlug, parseTags } from './tags';
import { useEditorValues } from './RecoveredWork';
import { VersionsPanel } from './VersionsPanel';
import styles from './admin.module.css';

/** The API's limits of each field (docs/decisions/052). */
const LIMITS = ArticleInputSchema.properties;

/** The API refuses a slug another article has (docs/decisions/132). */
const isSlugTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/** What the editor's fields hold: what is kept in the browser while unsaved. */
type ArticleValues = {
  title: string;
  slug: string;
  content: string;
  tags: string;
  excerpt: string;
  description: string;
  imagePath: string;
};

/** Each field's name in the Versions panel's comparison. */
const VALUE_LABELS: Record<keyof ArticleValues, string> = {
  title: TITLE_LABEL,
  slug: SLUG_LABEL,
  content: CONTENT_LABEL,
  tags: TAGS_LABEL,
  excerpt: EXCERPT_LABEL,
  description: SEO_DESCRIPTION_LABEL,
  imagePath: IMAGE_PATH_LABEL,
};

/** A version the API kept (docs/decisions/143), as the editor's fields hold it. */
function valuesOfVersion(version: ArticleVersion): ArticleValues {
  return {
    title: version.title,
    slug: version.slug,
    content: version.content,
    tags: version.tags.join(', '),
    excerpt: version.customExcerpt ?? '',
    description: version.metaDescription ?? '',
    imagePath: version.imagePath ?? '',
  };
}

function valuesOf(article: Article | null): ArticleValues {
  return {
    title: article?.title ?? '',
    // The address the article has now (an API from before slugs: its id).
    slug: article ? (article.slug ?? article._id) : '',
    content: article?.content ?? '',
    tags: article?.tags?.join(', ') ?? '',
    excerpt: article?.customExcerpt ?? '',
    description: article?.metaDescription ?? '',
    imagePath: article?.imagePath ?? '',
  };
}

export function ArticleEditor({ initial, onSave, onCancel }: EditorProps<Article, ArticleInput>) {
  const id = useId();
  /** The address the article has now (an API from before slugs: its id). */
  const savedSlug = initial ? (initial.slug ?? initial._id) : null;
  const editor = useEditorValues<ArticleValues>({
    key: `article:${initial?._id ?? 'new'}`,
    initial: () => valuesOf(initial),
    savedAt: initial?.updatedAt,
    onCancel,
  });
  const { saved, values, set, fill, work } = editor;
  const {
    title,
    slug: slugText,
    content,
    tags: tagsText,
    excerpt,
    description,
    imagePath,
  } = values;
  const [slugError, setSlugError] = useState<string | null>(null);
  const [tagsError, setTagsError] = useState<string | null>(null);
  /** What the API knows of the text's stored images: the article's, then each one inserted. */
  const [contentImages, setContentImages] = useState<readonly Image[]>(
    initial?.contentImages ?? [],
  );
  const contentControl = useRef<HTMLTextAreaElement>(null);
  const slugControl = useRef<HTMLInputElement>(null);
  const tagsControl = useRef<HTMLInputElement>(null);
  const saving = useEditorSave(
    onSave,
    ARTICLE_SAVE_ERROR,
    (caught) => {
      if (!isSlugTaken(caught)) return false;
      setSlugError(caught.message || SLUG_TAKEN);
      slugControl.current?.focus();
      return true;
    },
    work.forget,
  );

  /** Puts an image's Markdown where the cursor is (at the end when the text was never focused). */
  const insertImage = (markdown: string, image: Image | undefined) => {
    const control = contentControl.current;
    const at = control ? control.selectionEnd : content.length;
    const before = content.slice(0, at);
    const after = content.slice(at);
    // A paragraph of its own, so the image is not glued to a word.
    const lead =
      before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
    set({ content: `${before}${lead}${markdown}${trail}${after}` });
    if (image) setContentImages((known) => [...known.filter((k) => k.path !== image.path), image]);
    const caret = before.length + lead.length + markdown.length;
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(caret, caret);
    });
  };

  const slug = parseSlug(slugText);
  const tags = parseTags(tagsText);

  const submit = (publication: PublicationInput) => {
    // Checked here, so the owner hears which value is wrong before anything is sent.
    const slugProblem = slug.valid ? null : slugInvalid(SLUG_MAX_LENGTH);
    const tagsProblem =
      tags.invalid.length > 0
        ? invalidTags(tags.invalid, TAG_MAX_LENGTH)
        : tags.tooMany
          ? tooManyTags(tags.tags.length, MAX_TAGS)
          : null;
    setSlugError(slugProblem);
    setTagsError(tagsProblem);
    if (slugProblem) return slugControl.current?.focus();
    if (tagsProblem) return tagsControl.current?.focus();

    const input: ArticleInput = { title: title.trim(), content, ...publication };
    if (imagePath.trim()) input.imagePath = imagePath.trim();
    // Empty or unchanged: the API makes one from the title, or keeps the one it has.
    if (slug.slug && slug.slug !== savedSlug) input.slug = slug.slug;
    if (tags.tags.length > 0) input.tags = tags.tags;
    if (excerpt.trim()) input.customExcerpt = excerpt.trim();
    if (description.trim()) input.metaDescription = description.trim();
    void saving.save(input);
  };

  const slugHint = slug.slug
    ? slug.valid
      ? `${addressHint(slug.slug)}${savedSlug && slug.slug !== savedSlug ? ` ${SLUG_RENAME_HINT}` : ''}`
      : undefined
    : savedSlug
      ? slugKeptHint(savedSlug)
      : SLUG_FROM_TITLE_HINT;

  return (
    <EditorFrame
      kind="article"
      formId={id}
      initial={initial}
      editor={editor}
      saving={saving}
      onSubmit={submit}
    >
      <TextField
        formId={id}
        name="slug"
        label={SLUG_LABEL}
        maxLength={SLUG_MAX_LENGTH}
        autoCapitalize="none"
        spellCheck={false}
        value={slugText}
        onChange={(value) => {
          set({ slug: value });
          setSlugError(null);
        }}
        hint={slugHint}
        error={slugError}
        controlRef={slugControl}
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
          onChange={(content) => set({ content })}
          textareaRef={contentControl}
        />
        <MarkdownPreview markdown={content} id={id} images={contentImages} />
      </div>
      <InsertImage onInsert={insertImage} />
      <div className={styles.tagsField}>
        <TextField
          formId={id}
          name="tags"
          label={TAGS_LABEL}
          autoCapitalize="none"
          value={tagsText}
          onChange={(value) => {
            set({ tags: value });
            setTagsError(null);
          }}
          hint={tagsHint(MAX_TAGS)}
          error={tagsError}
          controlRef={tagsControl}
        />
        {tags.tags.length > 0 && (
          <ul className={styles.chips} aria-label={TAGS_PREVIEW_LABEL}>
            {tags.tags.map((tag) => (
              <li
                key={tag}
                className={`${styles.chip} ${tags.invalid.includes(tag) ? styles.chipInvalid : ''}`}
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <TextField
        formId={id}
        name="customExcerpt"
        label={EXCERPT_LABEL}
        rows={3}
        maxLength={ARTICLE_EXCERPT_LENGTH}
        counter
        value={excerpt}
        onChange={(excerpt) => set({ excerpt })}
        hint={EXCERPT_HINT}
      />
      <TextField
        formId={id}
        name="metaDescription"
        label={SEO_DESCRIPTION_LABEL}
        rows={3}
        maxLength={META_DESCRIPTION_MAX_LENGTH}
        counter
        value={description}
        onChange={(description) => set({ description })}
        hint={SEO_DESCRIPTION_HINT}
      />
      <ImageField value={imagePath} onChange={(imagePath) => set({ imagePath })} />
      {initial && (
        <VersionsPanel
          kind="articles"
          id={initial._id}
          saved={saved}
          current={values}
          body="content"
          labels={VALUE_LABELS}
          read={async (number, options) =>
            valuesOfVersion((await getArticleRevision(initial._id, number, options)).version)
          }
          onRestore={(values) => {
            fill(values);
            setSlugError(null);
            setTagsError(null);
          }}
        />
      )}
    </EditorFrame>
  );
}
