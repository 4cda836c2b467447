// Which images deleting an item may offer to delete too (docs/decisions/142): those it alone
// shows; never one another item or the site settings show.
import type { MediaItem } from '@portfolio/contract';
import { imagesOnlyShownBy } from './UnusedImagesOffer';

const image = (name: string, item: Partial<MediaItem>): MediaItem => ({
  name,
  path: `/images/${name}`,
  contentType: 'image/png',
  bytes: 100,
  width: 10,
  height: 10,
  createdAt: '2026-11-20T10:00:00.000Z',
  alt: null,
  uses: [{ kind: 'article', _id: 'mine', title: 'Mine', slug: 'mine', cover: true, inText: false }],
  useCount: 1,
  ...item,
});

describe('imagesOnlyShownBy', () => {
  it('keeps the images only this article shows', () => {
    const alone = image('alone.png', {});
    const shared = image('shared.png', { useCount: 2 });
    const badge = image('badge.png', { inSettings: true });
    const other = image('other.png', {
      uses: [{ kind: 'project', _id: 'mine', title: 'Mine', cover: true, inText: false }],
    });
    expect(imagesOnlyShownBy('article', 'mine', [alone, shared, badge, other])).toEqual([alone]);
  });
});
