import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '@portfolio/tools/webpack';

export default createWebpackConfig({
  name: 'shell',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  // The page's own title replaces it: the owner's name is the site's settings' (ADR 141).
  title: 'Portfolio and blog',
});
