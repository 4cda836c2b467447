// Async boundary: shared modules are negotiated before any of them is used. A page of islands
// (docs/decisions/148) hydrates its islands alone; any other page starts the client-side app.
if (document.documentElement.dataset.render === 'islands') import('./islands/start');
else import('./bootstrap');
