import { renderStandalone } from '@portfolio/shared/standalone';

// The same pages the shell loads (shell/src/routes.ts), for running this remote on its own.
void renderStandalone('auth', [
  { path: '/signup', label: 'Sign Up', load: () => import('./pages/SignUpPage/SignUpPage') },
  { path: '/signin', label: 'Sign In', load: () => import('./pages/SignInPage/SignInPage') },
  {
    path: '/login-google',
    label: 'Login with Google',
    load: () => import('./pages/LoginGooglePage/LoginGooglePage'),
  },
  { path: '/logout', label: 'Logout', load: () => import('./pages/LogoutPage/LogoutPage') },
  { path: '/welcome', label: 'Welcome', load: () => import('./pages/WelcomePage/WelcomePage') },
  {
    path: '/user-dashboard',
    label: 'Dashboard',
    load: () => import('./pages/UserDashboardPage/UserDashboardPage'),
  },
  {
    path: '/admin-dashboard',
    label: 'Admin',
    load: () => import('./pages/AdminDashboardPage/AdminDashboardPage'),
  },
]);
