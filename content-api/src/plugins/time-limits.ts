// How long a request's body may take to arrive, and an early answer closing the connection of a
// body never read (http/time-limits.ts). The head's and the whole request's limits are Node's,
// given when the app is made (serverTimeLimits).
import type { TimeLimits } from '../http/time-limits.js';
import { registerTimeLimits } from '../http/time-limits.js';
import { apiPlugin } from './api-plugin.js';

export interface TimeLimitsPluginOptions {
  limits: TimeLimits;
}

export default apiPlugin<TimeLimitsPluginOptions>(
  async (app, { limits }) => {
    registerTimeLimits(app, limits);
  },
  { name: 'api-time-limits' },
);
