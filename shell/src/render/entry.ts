// The shell's server build: the render module the site's server loads
// (shell/server/plugins/renderer.ts). The dynamic import is the federation async boundary, so
// shared modules are negotiated before any of them runs.
export const renderer = import('./render');
