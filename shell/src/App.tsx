import { useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from '@portfolio/shared/router';
import { AuthProvider } from '@portfolio/shared/auth';
import type { OwnerIdentity } from '@portfolio/shared/config';
import { RemoteRoute } from './federation/RemoteRoute';
import { Footer } from './layout/Footer/Footer';
import { Navbar } from './layout/Navbar/Navbar';
import { NotFoundPage } from './pages/NotFoundPage/NotFoundPage';
import { REDIRECTS, REMOTE_ROUTES } from './routes';
import styles from './App.module.css';

/** On navigation: back to the top, and focus to the new page for keyboard and screen readers. */
function useFocusOnNavigate(target: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}

export function SiteRoutes() {
  return (
    <Routes>
      {REMOTE_ROUTES.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={<RemoteRoute key={route.path} remote={route.remote} module={route.module} />}
        />
      ))}
      {REDIRECTS.map((redirect) => (
        <Route
          key={redirect.from}
          path={redirect.from}
          element={<Navigate to={redirect.to} replace />}
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function Layout({ owner }: { owner: OwnerIdentity }) {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Navbar brand={owner.name} />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <SiteRoutes />
      </main>
      <Footer owner={owner} />
    </>
  );
}

export function App({ owner }: { owner: OwnerIdentity }) {
  return (
    <BrowserRouter>
      <AuthProvider>
        <Layout owner={owner} />
      </AuthProvider>
    </BrowserRouter>
  );
}
