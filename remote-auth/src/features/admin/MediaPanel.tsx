// The dashboard's Media tab (docs/decisions/142): every stored image a page at a time, with its
// size, where it is shown and its description; an image nothing shows can be deleted.
import { useId, useState } from 'react';
import type { MediaItem, MediaUsage } from '@portfolio/contract';
import { deleteImage, getMediaPage, imageUrl } from '@portfolio/shared/api-client';
import { Link } from '@portfolio/shared/router';
import { Button } from '@portfolio/shared/ui';
import { DELETE_LABEL } from '../../texts';
import { ConfirmDelete } from './ConfirmDelete';
import { ListLoadState, ToggleGroup } from './ListParts';
import type { Toggle } from './ListParts';
import {
  ALT_TEXT_LABEL,
  MEDIA_ALL_LABEL,
  MEDIA_FILTER_LABEL,
  MEDIA_LIST_LABEL,
  MEDIA_LOAD_ERROR,
  MEDIA_PAGES_LABEL,
  MEDIA_PAGE_SIZE,
  MEDIA_UNUSED_LABEL,
  MEDIA_USED_LABEL,
  NOT_USED,
  USED_IN_SETTINGS,
  isImageUsed,
  NO_ALT_TEXT,
  NO_MEDIA,
  NO_MEDIA_MATCHES,
  NO_UNUSED_MEDIA,
  SEARCH_MEDIA_LABEL,
  TAB_MEDIA,
  USED_IN_LABEL,
  deleteImageLabel,
  deleteUnusedOnPageLabel,
  formatBytes,
  formatPixels,
  imageCount,
  imageDeletedNotice,
  imageTitle,
  moreUses,
  unusedDeletedNotice,
  unusedOnPageTitle,
  kindOfUse,
  whereUsed,
} from './media-texts';
import { MediaThumbnail } from './MediaThumbnail';
import { Pager } from './Pager';
import { useAdminToken } from './use-admin-token';
import { useFilteredPages } from './use-filtered-pages';
import type { PageQuery } from './use-filtered-pages';
import adminStyles from './admin.module.css';
import styles from './MediaLibrary.module.css';

const FILTERS: readonly Toggle<MediaUsage | null>[] = [
  { value: null, label: MEDIA_ALL_LABEL },
  { value: 'unused', label: MEDIA_UNUSED_LABEL },
  { value: 'used', label: MEDIA_USED_LABEL },
];

/** A page of the library: every image, or the unused or those in use. */
const loadMedia = (usage: MediaUsage | null, page: PageQuery, options: { token: string }) =>
  getMediaPage({ ...page, ...(usage && { usage }) }, options);

/** Where a use's page is on the site. */
const pathOfUse = (use: MediaItem['uses'][number]): string =>
  use.kind === 'article'
    ? `/article/${encodeURIComponent(use.slug ?? use._id)}`
    : `/projects/${encodeURIComponent(use._id)}`;

export function MediaPanel() {
  const id = useId();
  const getToken = useAdminToken();
  const list = useFilteredPages(null, MEDIA_PAGE_SIZE, loadMedia);
  const { filter: usage, query, page, loaded } = list;
  const [notice, setNotice] = useState('');
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  /** The unused images of the page, all deleted after one confirmation. */
  const [deletingPage, setDeletingPage] = useState<MediaItem[] | null>(null);

  const empty = query ? NO_MEDIA_MATCHES : usage === 'unused' ? NO_UNUSED_MEDIA : NO_MEDIA;

  return (
    <div className={adminStyles.manager}>
      <div className={adminStyles.managerHeader}>
        <h2 className={adminStyles.managerHeading}>{TAB_MEDIA}</h2>
        <p role="status" className={adminStyles.notice}>
          {notice}
        </p>
      </div>
      <div className={styles.filters}>
        <ToggleGroup
          label={MEDIA_FILTER_LABEL}
          toggles={FILTERS}
          chosen={usage}
          onChoose={list.setFilter}
        />
        <div className={`${adminStyles.field} ${styles.search}`}>
          <label htmlFor={`${id}-search`}>{SEARCH_MEDIA_LABEL}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={list.typed}
            maxLength={120}
            onChange={(event) => list.setTyped(event.target.value)}
          />
        </div>
      </div>
      <ListLoadState state={list.state} loadError={MEDIA_LOAD_ERROR} onRetry={list.reload} />
      {loaded && (
        <p className={adminStyles.muted} aria-live="polite" data-testid="media-total">
          {loaded.items.length === 0 ? empty : loaded.total !== null && imageCount(loaded.total)}
        </p>
      )}
      {loaded && usage === 'unused' && loaded.items.length > 0 && (
        <p>
          <Button
            variant="danger"
            onClick={() => {
              setNotice('');
              setDeletingPage(loaded.items.filter((item) => !isImageUsed(item)));
            }}
          >
            {deleteUnusedOnPageLabel(loaded.items.length)}
          </Button>
        </p>
      )}
      {loaded && loaded.items.length > 0 && (
        <ul className={styles.grid} aria-label={MEDIA_LIST_LABEL}>
          {loaded.items.map((item) => (
            <li key={item.name} className={styles.item}>
              <MediaThumbnail item={item} />
              <div className={styles.details}>
                <p className={styles.name}>
                  <a href={imageUrl(item.path)}>{item.name}</a>
                </p>
                <p className={styles.facts}>
                  {formatBytes(item.bytes)} · {formatPixels(item.width, item.height)}
                </p>
                <dl className={styles.facts}>
                  <div>
                    <dt>{ALT_TEXT_LABEL}</dt>
                    <dd>{item.alt ?? NO_ALT_TEXT}</dd>
                  </div>
                  <div>
                    <dt>{USED_IN_LABEL}</dt>
                    <dd>
                      {!isImageUsed(item) ? (
                        NOT_USED
                      ) : (
                        <ul className={styles.uses}>
                          {item.inSettings && <li>{USED_IN_SETTINGS}</li>}
                          {item.uses.map((use) => (
                            <li key={`${use.kind}-${use._id}`}>
                              {kindOfUse(use.kind)} <Link to={pathOfUse(use)}>{use.title}</Link> (
                              {whereUsed(use)})
                            </li>
                          ))}
                          {item.useCount > item.uses.length && (
                            <li>{moreUses(item.useCount - item.uses.length)}</li>
                          )}
                        </ul>
                      )}
                    </dd>
                  </div>
                </dl>
              </div>
              {!isImageUsed(item) && (
                <div className={styles.actions}>
                  <Button
                    variant="danger"
                    aria-label={deleteImageLabel(item.name)}
                    onClick={() => {
                      setNotice('');
                      setDeleting(item);
                    }}
                  >
                    {DELETE_LABEL}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.pager && <Pager label={MEDIA_PAGES_LABEL} {...list.pager} />}
      {deletingPage && (
        <ConfirmDelete
          title={unusedOnPageTitle(deletingPage.length)}
          onCancel={() => setDeletingPage(null)}
          onConfirm={async () => {
            const token = await getToken();
            let deleted = 0;
            try {
              // One at a time: each is refused (409) if something took it up meanwhile.
              for (const item of deletingPage) {
                await deleteImage(item.path, { token });
                deleted += 1;
              }
            } finally {
              if (deleted > 0) {
                setNotice(unusedDeletedNotice(deleted));
                // What is left to confirm again, after a refusal: those not deleted yet.
                setDeletingPage((current) => current && current.slice(deleted));
                list.reload();
              }
            }
            setDeletingPage(null);
            if (page > 0) list.setPage(page - 1);
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={imageTitle(deleting.name)}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteImage(deleting.path, { token: await getToken() });
            setNotice(imageDeletedNotice(deleting.name));
            setDeleting(null);
            list.removed();
          }}
        />
      )}
    </div>
  );
}
