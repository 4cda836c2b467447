// Stands in for resize-observer-polyfill (a react-slick dependency): every browser the site
// supports has ResizeObserver, so the 3 KB polyfill is not shipped.
export default globalThis.ResizeObserver;
