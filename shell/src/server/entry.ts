// The shell's server build: the render module shell/server.mjs requires. The dynamic import is
// the federation async boundary, so shared modules are negotiated before any of them runs.
export const renderer = import('./render');
