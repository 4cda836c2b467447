// The blog's islands (docs/decisions/148): the parts of its pages a visitor interacts with, by
// the names its pages give them in <Island name=…>. Exposed as `./islands`; a page of islands
// hydrates each one alone, with the props it was rendered with.
import type { IslandRegistry } from '@portfolio/shared/island';
import { NewsletterForm } from '@portfolio/shared/newsletter-form';
import { CommentForm } from './features/comments/CommentForm';

export const islands = {
  CommentForm,
  NewsletterForm,
} satisfies IslandRegistry;
