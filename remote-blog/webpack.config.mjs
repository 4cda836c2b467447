import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '@portfolio/tools/webpack';

export default createWebpackConfig({
  name: 'blog',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  title: 'Blog · standalone',
});
