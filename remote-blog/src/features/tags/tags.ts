// Tags as the blog reads them from its addresses (docs/decisions/132): the contract's shape, so a
// name no tag can have is a 404 at once, never a question to the API (which would refuse it).
import { TAG_MAX_LENGTH, TAG_PATTERN } from '@portfolio/contract';
import { getTags } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { reportLoadFailure, unavailable } from '@portfolio/shared/page-data';
import type { Unavailable } from '@portfolio/shared/page-data';
import type { TagCount } from '@portfolio/shared/types';

const TAG = new RegExp(TAG_PATTERN);

/** Whether `value` can be a tag: lowercase words of letters and digits joined by hyphens. */
export function isTag(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= TAG_MAX_LENGTH && TAG.test(value);
}

/** The tag index's state: every tag of the public articles with its count, most used first. */
export type TagIndexState = Unavailable | { status: 'loaded'; tags: TagCount[] };

export async function loadTags(options: RequestOptions = {}): Promise<TagIndexState> {
  try {
    return { status: 'loaded', tags: await getTags(options) };
  } catch (error) {
    reportLoadFailure(options, 'Could not load the tags', error);
    return unavailable();
  }
}
