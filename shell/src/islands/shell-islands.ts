// The shell's own islands, by the names its layout gives them (docs/decisions/148), each loaded
// when it wakes: the navbar's code (and the router and the Auth SDK's provider it reads) is not
// fetched by a page whose visitor has not touched the navbar.
import type { ComponentType } from 'react';

export const shellIslands: Record<string, () => Promise<ComponentType<never>>> = {
  Navbar: () => import('../layout/Navbar/Navbar').then((module) => module.Navbar),
  NewsletterForm: () =>
    import('@portfolio/shared/newsletter-form').then((module) => module.NewsletterForm),
};
