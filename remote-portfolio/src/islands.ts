// The portfolio's islands (docs/decisions/148): the parts of its pages a visitor interacts with,
// by the names its pages give them in <Island name=…>. Exposed as `./islands`; a page of islands
// hydrates each one alone, with the props it was rendered with.
import type { IslandRegistry } from '@portfolio/shared/island';
import { CertificateGallery } from './features/certificates/CertificateGallery';
import { ContactPageForm, HomeContactForm } from './features/contact/ContactForms';
import { TypedPhrases } from './features/hero/TypedPhrases';
import { DeferredTestimonialCarousel } from './features/testimonials/DeferredTestimonialCarousel';

// TypedPhrases is a script island (island-scripts.ts) on the pages this remote renders now; it
// stays here for a shell of the version before, which hydrates it with React.
export const islands = {
  CertificateGallery,
  ContactPageForm,
  HomeContactForm,
  TypedPhrases,
  TestimonialCarousel: DeferredTestimonialCarousel,
} satisfies IslandRegistry;
