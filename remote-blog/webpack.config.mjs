import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/webpack/create-config.mjs';

export default createWebpackConfig({
  name: 'blog',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  title: 'Blog · standalone',
  // Page modules the shell's route table loads (shell/src/routes.ts).
  exposes: {
    './BlogPage': './src/pages/BlogPage/BlogPage.tsx',
    './ArticlesVariantPage': './src/pages/ArticlesVariantPage/ArticlesVariantPage.tsx',
    './ArticlePage': './src/pages/ArticlePage/ArticlePage.tsx',
    './SearchPage': './src/pages/SearchPage/SearchPage.tsx',
  },
});
