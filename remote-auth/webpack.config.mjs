import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/webpack/create-config.mjs';

export default createWebpackConfig({
  name: 'auth',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  title: 'Account · standalone',
});
