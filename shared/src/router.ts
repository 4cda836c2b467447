// The one router of the page. Every app imports routing from here, never from react-router-dom:
// this module is the federation singleton, so there is one router context on the page, and it
// re-exports only what the apps use, so the router is tree-shaken to those parts (a shared
// react-router-dom would ship whole, about 45 KB gzip more; see docs/decisions).
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  createBrowserRouter,
  matchPath,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
  useRevalidator,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, LoaderFunctionArgs, NavLinkProps, Navigator, To } from 'react-router-dom';
