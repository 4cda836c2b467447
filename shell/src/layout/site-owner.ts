// The owner the layout names (navbar brand, footer), for this page: the site's settings the
// server rendered it with (docs/decisions/141), which the browser reads back from the page's
// runtime config. A context, not the route tree's constant: the server keeps one route tree for
// every request, while the settings may change between two of them.
import { createContext } from 'react';
import type { OwnerIdentity } from '@portfolio/shared/config';

export const SiteOwnerContext = createContext<OwnerIdentity | null>(null);
