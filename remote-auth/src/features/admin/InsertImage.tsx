// "Insert image" in the article editor (issue "the owner runs the site from the dashboard"):
// the owner describes the image (its alt text, which screen readers say and search engines
// read), chooses a file, and the uploaded image goes into the Markdown where the cursor was, as
// `![description](/images/<name>)`: the preview, the draft preview and the public page all draw
// it, the public page as a responsive <picture> (docs/decisions/123, 132). An image already stored
// can be chosen from the media library instead (docs/decisions/142).
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { uploadImage } from '@portfolio/shared/api-client';
import type { Image } from '@portfolio/shared/types';
import { ErrorMessage } from '@portfolio/shared/ui';
import { UPLOAD_BUSY, UPLOAD_ERROR } from '../../texts';
import { adminErrorMessage } from '../session/errors';
import {
  IMAGE_ALT_HINT,
  IMAGE_ALT_LABEL,
  IMAGE_ALT_REQUIRED,
  IMAGE_INSERTED,
  INSERT_IMAGE_HEADING,
  INSERT_IMAGE_LABEL,
} from './admin-texts';
import { ACCEPTED_IMAGE_TYPES } from './ImageField';
import { MediaPicker } from './MediaPicker';
import { useAdminToken } from './use-admin-token';
import styles from './admin.module.css';

/** The Markdown of an image: brackets and backslashes in the description escaped. */
export function imageMarkdown(alt: string, imagePath: string): string {
  return `![${alt.replace(/[\\[\]]/g, (character) => `\\${character}`)}](${imagePath})`;
}

export function InsertImage({
  onInsert,
}: {
  /** Puts the Markdown into the text; `image` is what the API knows of the upload. */
  onInsert(markdown: string, image: Image | undefined): void;
}) {
  const id = useId();
  const getToken = useAdminToken();
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const description = alt.trim();
    setStatus('');
    if (!description) {
      // The file input waits for the description; this only guards a race with clearing it.
      setError(IMAGE_ALT_REQUIRED);
      input.value = '';
      return;
    }
    setUploading(true);
    setError(null);
    try {
      const { imagePath, image } = await uploadImage(file, file.name, { token: await getToken() });
      onInsert(imageMarkdown(description, imagePath), image);
      setAlt('');
      setStatus(IMAGE_INSERTED);
    } catch (caught) {
      setError(adminErrorMessage(caught, UPLOAD_ERROR));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <fieldset className={styles.insertImage}>
      <legend>{INSERT_IMAGE_HEADING}</legend>
      <div className={styles.field}>
        <label htmlFor={`${id}-alt`}>{IMAGE_ALT_LABEL}</label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          maxLength={200}
          aria-describedby={`${id}-alt-hint`}
          onChange={(event) => {
            setAlt(event.target.value);
            setError(null);
          }}
        />
        <p id={`${id}-alt-hint`} className={styles.hint}>
          {IMAGE_ALT_HINT}
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>{INSERT_IMAGE_LABEL}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className={styles.file}
          // An image without a description is lost on many readers: it is asked for first.
          disabled={uploading || !alt.trim()}
          aria-describedby={`${id}-alt-hint`}
          onChange={(event) => void upload(event)}
        />
      </div>
      <MediaPicker
        // The description first, as for an upload.
        disabled={uploading || !alt.trim()}
        describedBy={`${id}-alt-hint`}
        onPick={(item) => {
          const description = alt.trim();
          if (!description) {
            setError(IMAGE_ALT_REQUIRED);
            return;
          }
          onInsert(imageMarkdown(description, item.path), item.image);
          setAlt('');
          setError(null);
          setStatus(IMAGE_INSERTED);
        }}
      />
      <p role="status" className={styles.success}>
        {uploading ? UPLOAD_BUSY : status}
      </p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </fieldset>
  );
}
