import { renderStandalone } from '@portfolio/shared/standalone';
import published from './routes.json';

// This remote on its own, with the same pages and paths as in the composed site.
void renderStandalone(
  'auth',
  published.routes,
  (file) => import(/* webpackExclude: /\.test\.tsx$/ */ `./pages/${file}`),
);
