import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/webpack/create-config.mjs';

export default createWebpackConfig({
  name: 'portfolio',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  title: 'Portfolio · standalone',
});
