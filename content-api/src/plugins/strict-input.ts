// Input taken strictly (http/strict-input.ts): JSON only, as UTF-8, with no prototype keys, NUL
// or unpaired surrogates in a body or a query string.
import { registerStrictInput } from '../http/strict-input.js';
import { apiPlugin } from './api-plugin.js';

export default apiPlugin(
  async (app) => {
    // JSON only (plus multipart inside the images plugin): anything else gets 415.
    app.removeContentTypeParser('text/plain');
    registerStrictInput(app);
  },
  { name: 'api-strict-input' },
);
