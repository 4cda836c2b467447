// "Choose from the media library" (docs/decisions/142): an image already stored, picked in a
// dialog, instead of a new upload. The editors' cover field and "Insert an image into the text"
// offer it beside their file input.
import { useCallback, useId, useState } from 'react';
import type { MediaItem } from '@portfolio/contract';
import { getMediaPage } from '@portfolio/shared/api-client';
import type { ListPage } from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Modal, Spinner } from '@portfolio/shared/ui';
import { LIST_LOADING, RETRY_LABEL } from '../../texts';
import { loadErrorMessage } from '../session/errors';
import { pageCount } from './list-page';
import {
  CHOOSE_FROM_LIBRARY_LABEL,
  MEDIA_LOAD_ERROR,
  MEDIA_PAGES_LABEL,
  MEDIA_PAGE_SIZE,
  MEDIA_PICKER_LABEL,
  MEDIA_SEARCH_DELAY_MS,
  NO_MEDIA,
  NO_MEDIA_MATCHES,
  SEARCH_MEDIA_LABEL,
  chooseImageLabel,
  formatPixels,
} from './media-texts';
import { MediaThumbnail } from './MediaThumbnail';
import { Pager } from './Pager';
import { useAdminToken } from './use-admin-token';
import { useSettled } from './use-settled';
import adminStyles from './admin.module.css';
import styles from './MediaLibrary.module.css';
import { useResource } from './use-resource';

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

function MediaChoices({ onPick }: { onPick(item: MediaItem): void }) {
  const id = useId();
  const getToken = useAdminToken();
  const [typed, setTyped] = useState('');
  const query = useSettled(typed.trim(), MEDIA_SEARCH_DELAY_MS);
  // A page of this search: another search starts at its first page.
  const [paged, setPaged] = useState({ query, page: 0 });
  const page = paged.query === query ? paged.page : 0;
  const setPage = (next: number) => setPaged({ query, page: next });
  const load = useCallback(
    async (): Promise<ListPage<MediaItem>> =>
      getMediaPage(
        { limit: MEDIA_PAGE_SIZE, offset: page * MEDIA_PAGE_SIZE, ...(query && { query }) },
        { token: await getToken() },
      ),
    [getToken, page, query],
  );
  const { state, reload } = useResource(load);
  const loaded = state.status === 'loaded' ? state.data : null;
  const pages = loaded ? pageCount(loaded.total, MEDIA_PAGE_SIZE) : null;
  const hasNext =
    loaded !== null &&
    (pages === null ? loaded.items.length === MEDIA_PAGE_SIZE : page + 1 < pages);

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
      {state.status === 'loading' && <Spinner label={LIST_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, MEDIA_LOAD_ERROR)}{' '}
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
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
      {loaded && (page > 0 || hasNext) && (
        <Pager
          label={MEDIA_PAGES_LABEL}
          page={page}
          pages={pages}
          hasNext={hasNext}
          onPage={setPage}
        />
      )}
    </div>
  );
}
