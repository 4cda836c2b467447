// The security headers of every answer, errors included (http/security-headers.ts).
import { registerSecurityHeaders } from '../http/security-headers.js';
import { apiPlugin } from './api-plugin.js';

export default apiPlugin(
  async (app) => {
    registerSecurityHeaders(app);
  },
  { name: 'api-security-headers' },
);
