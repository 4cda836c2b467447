// The router of a page of islands (docs/decisions/148): one for the page, which leaves the page
// for the next document instead of drawing it in place. Links keep their href (a plain click
// already loads the next page, prerendered when the speculation rules got to it first); a link's
// client-side navigation and `navigate()` (the navbar's search and sign-out) reach the one route's
// loader, which hands the address to the browser and never settles while the next page loads.
// Made of the router singleton's existing exports, so a page of islands needs no newer router
// than the live remotes were built against (docs/decisions/050, 051).
import type { ReactNode } from 'react';
import { RouterProvider, createBrowserRouter } from '@portfolio/shared/router';

const ROUTE_ID = 'island';

export function DocumentRouter({ children }: { children: ReactNode }) {
  const here = window.location.href;
  const router = createBrowserRouter(
    [
      {
        id: ROUTE_ID,
        path: '*',
        element: children,
        loader: ({ request }) => {
          if (request.url === here) return null;
          window.location.assign(request.url);
          return new Promise<never>(() => undefined);
        },
      },
    ],
    // Already loaded: the first render is the page the server sent, with no loader run.
    { hydrationData: { loaderData: { [ROUTE_ID]: null } } },
  );
  return <RouterProvider router={router} />;
}
