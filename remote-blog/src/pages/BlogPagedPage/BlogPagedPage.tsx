// /blog/page/:page: the blog's pages after the first, the blog page itself under a route of its
// own (a route's module is its id in the site's route table, so two paths need two modules).
export { default, head, loader } from '../BlogPage/BlogPage';
