// The auth remote's pages are personal (forms, the visitor's own dashboards): kept out of search
// results, and robots.txt asks crawlers not to fetch them (docs/decisions/060).
export const PERSONAL_PAGE_HEAD = { noindex: true } as const;
