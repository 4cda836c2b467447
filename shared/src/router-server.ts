// The router's server half, for the shell's server build only: it shares the router context of
// @portfolio/shared/router (one react-router in the build), and keeps these exports out of the
// browser's router singleton.
export {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
} from 'react-router-dom';
export type { StaticHandlerContext } from 'react-router-dom';
