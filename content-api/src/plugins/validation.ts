// Request validation: JSON bodies checked as sent, never coerced; query strings and path
// parameters read as text (http/validation.ts).
import { registerValidation } from '../http/validation.js';
import { apiPlugin } from './api-plugin.js';

export default apiPlugin(
  async (app) => {
    registerValidation(app);
  },
  { name: 'api-validation' },
);
