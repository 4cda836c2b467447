// "Choose from the media library" (docs/decisions/142): an image already stored, picked in a
// dialog, instead of a new upload. The editors' cover field and "Insert an image into the text"
// offer it beside their file input.
import { useId, useState } from 'react';
import type { MediaItem } from '@portfolio/contract';
import { getMediaPage } from '@portfolio/shared/api-client';
import { Button, Modal } from '@portfolio/shared/ui';
import { ListLoadState } from './ListParts';
import {
  CHOOSE_FROM_LIBRARY_LABEL,
  MEDIA_LOAD_ERROR,
  MEDIA_PAGES_LABEL,
  MEDIA_PAGE_SIZE,
  MEDIA_PICKER_LABEL,
  NO_MEDIA,
  NO_MEDIA_MATCHES,
  SEARCH_MEDIA_LABEL,
  chooseImageLabel,
  formatPixels,
} from './media-texts';
import { MediaThumbnail } from './MediaThumbnail';
import { Pager } from './Pager';
import { useFilteredPages } from './use-filtered-pages';
import type { PageQuery } from './use-filtered-pages';
import adminStyles from './admin.module.css';
import styles from './MediaLibrary.module.css';

/** The button, and the dialog it opens; `onPick` gets the chosen image. */
export function MediaPicker({
  disabled = false,
  describedBy,
  onPick,
}: {
  disabled?: boolean;
  describedBy?: string;
  onPick(item: MediaItem): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        {CHOOSE_FROM_LIBRARY_LABEL}
      </Button>
      {open && (
        <Modal label={MEDIA_PICKER_LABEL} onClose={() => setOpen(false)}>
          <MediaChoices
            onPick={(item) => {
              setOpen(false);
              onPick(item);
            }}
          />
        </Modal>
      )}
    </>
  );
}

/** Every image, unfiltered: the picker has a search only. */
const loadAllMedia = (_all: null, page: PageQuery, options: { token: string }) =>
  getMediaPage(page, options);

function MediaChoices({ onPick }: { onPick(item: MediaItem): void }) {
  const id = useId();
  const { typed, setTyped, query, state, loaded, reload, pager } = useFilteredPages(
    null,
    MEDIA_PAGE_SIZE,
    loadAllMedia,
  );

  return (
    <div className={styles.picker}>
      <h2>{MEDIA_PICKER_LABEL}</h2>
      {/* Not a <form>: the picker opens inside an editor's form. */}
      <div role="search" className={`${adminStyles.field} ${styles.search}`}>
        <label htmlFor={`${id}-search`}>{SEARCH_MEDIA_LABEL}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={typed}
          maxLength={120}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter would submit the editor around the dialog.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      <ListLoadState state={state} loadError={MEDIA_LOAD_ERROR} onRetry={reload} />
      {loaded && loaded.items.length === 0 && <p>{query ? NO_MEDIA_MATCHES : NO_MEDIA}</p>}
      {loaded && loaded.items.length > 0 && (
        <ul className={styles.choices}>
          {loaded.items.map((item) => (
            <li key={item.name}>
              <button
                type="button"
                className={styles.choice}
                aria-label={chooseImageLabel(item.name)}
                onClick={() => onPick(item)}
              >
                <MediaThumbnail item={item} />
                <span>{item.name}</span>
              </button>
              {/* Outside the button, whose name is "Choose <name>". */}
              <p className={styles.facts}>{formatPixels(item.width, item.height)}</p>
            </li>
          ))}
        </ul>
      )}
      {pager && <Pager label={MEDIA_PAGES_LABEL} {...pager} />}
    </div>
  );
}
