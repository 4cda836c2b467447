import { Link } from '@portfolio/shared/router';
import { useAuth } from '@portfolio/shared/auth';
import { AuthLayout } from '../../features/session/AuthLayout';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import { useDocumentTitle } from '../../features/session/use-document-title';
import {
  ADMIN_DASHBOARD_LINK,
  ADMIN_DASHBOARD_ROUTE,
  SIGN_IN_ROUTE,
  SIGN_IN_TITLE,
  WELCOME_BLOG_LINK,
  WELCOME_EBOOK_LINK,
  WELCOME_SIGNED_OUT_TEXT,
  WELCOME_TEXT,
  welcomeTitle,
} from '../../texts';
import styles from './WelcomePage.module.css';

/** The server's title; the page sets the visitor's own once it knows who is signed in. */
export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: welcomeTitle(null) });

/**
 * docs/product.md#accounts: a greeting with links to /blog and /ebook; sign-in state changes the
 * greeting. An admin also gets the way to the dashboard, first.
 */
export default function WelcomePage() {
  const { user, role } = useAuth();
  const name = user ? user.displayName || user.email : null;
  const title = welcomeTitle(name);
  useDocumentTitle(title);
  return (
    <AuthLayout title={title} intro={user ? WELCOME_TEXT : WELCOME_SIGNED_OUT_TEXT}>
      <ul className={styles.links}>
        {user && role === 'admin' && (
          <li>
            <Link to={ADMIN_DASHBOARD_ROUTE} className={styles.link}>
              {ADMIN_DASHBOARD_LINK}
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        )}
        <li>
          <Link to="/blog" className={styles.link}>
            {WELCOME_BLOG_LINK}
            <span aria-hidden="true">→</span>
          </Link>
        </li>
        <li>
          <Link to="/ebook" className={styles.link}>
            {WELCOME_EBOOK_LINK}
            <span aria-hidden="true">→</span>
          </Link>
        </li>
        {!user && (
          <li>
            <Link to={SIGN_IN_ROUTE} className={styles.link}>
              {SIGN_IN_TITLE}
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        )}
      </ul>
    </AuthLayout>
  );
}
