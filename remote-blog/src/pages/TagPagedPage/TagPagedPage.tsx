// /tags/:tag/page/:page: a tag's pages after the first, the tag's page itself under a route of its
// own (a route's module is its id in the site's route table, so two paths need two modules).
export { default, head, loader } from '../TagPage/TagPage';
