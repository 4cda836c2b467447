// Only the host names the API is published under (PUBLIC_HOSTS): a request for another name
// (DNS rebinding) is a 400 before CORS, auth or body parsing (http/public-hosts.ts).
import { registerPublicHosts } from '../http/public-hosts.js';
import { apiPlugin } from './api-plugin.js';

export interface PublicHostsPluginOptions {
  hosts: readonly string[];
}

export default apiPlugin<PublicHostsPluginOptions>(
  async (app, { hosts }) => {
    registerPublicHosts(app, hosts);
  },
  { name: 'api-public-hosts' },
);
