import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/webpack/create-config.mjs';

export default createWebpackConfig({
  name: 'portfolio',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  title: 'Portfolio · standalone',
  // Page modules the shell's route table loads (shell/src/routes.ts).
  exposes: {
    './HomePage': './src/pages/HomePage/HomePage.tsx',
    './PortfolioPage': './src/pages/PortfolioPage/PortfolioPage.tsx',
    './AboutPage': './src/pages/AboutPage/AboutPage.tsx',
    './ContactPage': './src/pages/ContactPage/ContactPage.tsx',
    './ProjectDetailPage': './src/pages/ProjectDetailPage/ProjectDetailPage.tsx',
  },
});
