import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { deleteImage, imageUrl, uploadImage } from '@portfolio/shared/api-client';
import type { Image } from '@portfolio/shared/types';
import { Button, ErrorMessage, ResponsiveImage } from '@portfolio/shared/ui';
import {
  DELETE_IMAGE_ERROR,
  DELETE_IMAGE_LABEL,
  IMAGE_DELETED,
  IMAGE_PATH_HINT,
  IMAGE_PATH_LABEL,
  IMAGE_UPLOADED,
  UPLOAD_BUSY,
  UPLOAD_IMAGE_LABEL,
  UPLOAD_ERROR,
} from '../../texts';
import { adminErrorMessage } from '../session/errors';
import { IMAGE_CHOSEN } from './media-texts';
import { MediaPicker } from './MediaPicker';
import { THUMBNAIL, THUMBNAIL_DISPLAY } from './MediaThumbnail';
import { useAdminToken } from './use-admin-token';
import styles from './admin.module.css';

export const ACCEPTED_IMAGE_TYPES =
  'image/png,image/jpeg,image/gif,image/webp,image/avif,image/svg+xml';

/**
 * An imagePath field: typed in, filled by uploading a file (POST /api/images) or chosen from the
 * media library (docs/decisions/142). An image uploaded here and not wanted after all can be
 * deleted again (DELETE /api/images/:name); the API refuses while a saved project or article
 * still shows it. Any other unused image is deleted in the dashboard's Media tab.
 */
export function ImageField({
  value,
  onChange,
  required = false,
}: {
  value: string;
  onChange(imagePath: string): void;
  required?: boolean;
}) {
  const id = useId();
  const getToken = useAdminToken();
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The path this field uploaded, the only one it offers to delete. */
  const [uploaded, setUploaded] = useState<string | null>(null);
  /** What the API said of the image this field uploaded or chose: its size and variants. */
  const [uploadedImage, setUploadedImage] = useState<Image | undefined>(undefined);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    setStatus('');
    setError(null);
    try {
      const { imagePath, image } = await uploadImage(file, file.name, {
        token: await getToken(),
      });
      onChange(imagePath);
      setUploaded(imagePath);
      setUploadedImage(image);
      setStatus(IMAGE_UPLOADED);
    } catch (caught) {
      setError(adminErrorMessage(caught, UPLOAD_ERROR));
    } finally {
      setUploading(false);
      // The same file can be chosen again after a failure.
      input.value = '';
    }
  };

  const remove = async (imagePath: string) => {
    setUploading(true);
    setStatus('');
    setError(null);
    try {
      await deleteImage(imagePath, { token: await getToken() });
      setUploaded(null);
      onChange('');
      setStatus(IMAGE_DELETED);
    } catch (caught) {
      setError(adminErrorMessage(caught, DELETE_IMAGE_ERROR));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-path`}>{IMAGE_PATH_LABEL}</label>
      <input
        id={`${id}-path`}
        name="imagePath"
        type="text"
        required={required}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {IMAGE_PATH_HINT}
      </p>
      <div className={styles.uploadRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-file`}>{UPLOAD_IMAGE_LABEL}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className={styles.file}
            disabled={uploading}
            onChange={(event) => void upload(event)}
          />
        </div>
        <MediaPicker
          disabled={uploading}
          onPick={(item) => {
            onChange(item.path);
            setUploadedImage(item.image);
            setError(null);
            setStatus(IMAGE_CHOSEN);
          }}
        />
        {value.startsWith('/images/') &&
          (uploadedImage?.path === value ? (
            <ResponsiveImage
              className={styles.thumbnail}
              imagePath={value}
              image={uploadedImage}
              display={THUMBNAIL_DISPLAY}
              alt=""
              loading="eager"
              fallbackSize={THUMBNAIL}
            />
          ) : (
            <img
              src={imageUrl(value)}
              alt=""
              className={styles.thumbnail}
              width={THUMBNAIL.width}
              height={THUMBNAIL.height}
            />
          ))}
        {uploaded !== null && uploaded === value && (
          <Button variant="secondary" disabled={uploading} onClick={() => void remove(uploaded)}>
            {DELETE_IMAGE_LABEL}
          </Button>
        )}
      </div>
      <p role="status" className={styles.success}>
        {uploading ? UPLOAD_BUSY : status}
      </p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}
