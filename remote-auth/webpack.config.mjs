import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/webpack/create-config.mjs';

export default createWebpackConfig({
  name: 'auth',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  title: 'Account · standalone',
  // Page modules the shell's route table loads (shell/src/routes.ts).
  exposes: {
    './SignUpPage': './src/pages/SignUpPage/SignUpPage.tsx',
    './SignInPage': './src/pages/SignInPage/SignInPage.tsx',
    './LoginGooglePage': './src/pages/LoginGooglePage/LoginGooglePage.tsx',
    './LogoutPage': './src/pages/LogoutPage/LogoutPage.tsx',
    './WelcomePage': './src/pages/WelcomePage/WelcomePage.tsx',
    './UserDashboardPage': './src/pages/UserDashboardPage/UserDashboardPage.tsx',
    './AdminDashboardPage': './src/pages/AdminDashboardPage/AdminDashboardPage.tsx',
  },
});
