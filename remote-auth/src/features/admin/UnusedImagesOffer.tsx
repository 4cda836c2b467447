// After an article or a project is deleted (docs/decisions/142): the images it showed that nothing
// else shows are offered for deletion too, so uploads do not pile up in public after it is gone.
import { useState } from 'react';
import type { MediaItem, MediaUse } from '@portfolio/contract';
import { deleteImage } from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Modal } from '@portfolio/shared/ui';
import { DELETE_BUSY } from '../../texts';
import { adminErrorMessage } from '../session/errors';
import {
  DELETE_IMAGES_ERROR,
  DELETE_IMAGES_LABEL,
  KEEP_IMAGES_LABEL,
  UNUSED_IMAGES_LABEL,
  unusedImagesText,
} from './media-texts';
import { MediaThumbnail } from './MediaThumbnail';
import { useAdminToken } from './use-admin-token';
import adminStyles from './admin.module.css';
import styles from './MediaLibrary.module.css';

/**
 * The images an article or a project was the only one to show, among those it showed (asked
 * before its delete): each listed image of which it was the one use.
 */
export function imagesOnlyShownBy(
  kind: MediaUse['kind'],
  id: string,
  shown: readonly MediaItem[],
): MediaItem[] {
  return shown.filter(
    (image) =>
      !image.inSettings &&
      image.useCount === 1 &&
      image.uses.some((use) => use.kind === kind && use._id === id),
  );
}

export function UnusedImagesOffer({
  title,
  images,
  onDone,
}: {
  /** The deleted article's or project's title. */
  title: string;
  images: readonly MediaItem[];
  /** Closed: how many images were deleted (0: kept). */
  onDone(deleted: number): void;
}) {
  const getToken = useAdminToken();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(images);

  const remove = async () => {
    setBusy(true);
    setError(null);
    const token = await getToken();
    const failed: MediaItem[] = [];
    let lastError: unknown = null;
    for (const image of left) {
      try {
        await deleteImage(image.path, { token });
      } catch (caught) {
        // Shown again meanwhile (409), or the API could not be reached: it stays, said why.
        failed.push(image);
        lastError = caught;
      }
    }
    setBusy(false);
    if (failed.length === 0) {
      onDone(images.length);
      return;
    }
    setLeft(failed);
    setError(adminErrorMessage(lastError, DELETE_IMAGES_ERROR));
  };

  return (
    <Modal label={UNUSED_IMAGES_LABEL} onClose={() => onDone(images.length - left.length)}>
      <p className={adminStyles.confirmText}>{unusedImagesText(title, left.length)}</p>
      <ul className={styles.offer}>
        {left.map((image) => (
          <li key={image.name}>
            <MediaThumbnail item={image} />
            {image.name}
          </li>
        ))}
      </ul>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className={adminStyles.actions}>
        <Button variant="danger" disabled={busy} onClick={() => void remove()}>
          {busy ? DELETE_BUSY : DELETE_IMAGES_LABEL}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onDone(images.length - left.length)}
        >
          {KEEP_IMAGES_LABEL}
        </Button>
      </div>
    </Modal>
  );
}
