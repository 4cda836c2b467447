import { Link } from '@portfolio/shared/router';
import { useHydrationMark } from '../../federation/hydration-mark';
import { NOT_FOUND_HEAD } from '../../head/page-head';
import { useStaticHead } from '../../head/use-route-head';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '../../texts';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  useHydrationMark();
  useStaticHead(NOT_FOUND_HEAD);
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}
