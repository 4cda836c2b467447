import type { PageHead } from '@portfolio/shared/head';
import { Button, Card } from '@portfolio/shared/ui';
import { EBOOKS } from '../../catalogue';
import { BUY_NOW_LABEL, EBOOK_INTRO, EBOOK_TITLE } from '../../texts';
import styles from '../catalogue.module.css';
import { pictureLoading } from '../picture-loading';
import { COVER_SIZES } from '../picture-sizes';

export const head: PageHead = () => ({ title: EBOOK_TITLE, description: EBOOK_INTRO });

export default function EbookPage() {
  return (
    <section className={styles.page}>
      <h1>{EBOOK_TITLE}</h1>
      <p className={styles.intro}>{EBOOK_INTRO}</p>
      <ul className={styles.grid}>
        {EBOOKS.map((book, index) => (
          <li key={book.id}>
            <Card className={styles.item}>
              <img
                src={book.coverImage.src}
                srcSet={book.coverImage.srcSet}
                sizes={COVER_SIZES}
                alt={`Cover of ${book.title}`}
                width={book.coverImage.width}
                height={book.coverImage.height}
                className={styles.cover}
                {...pictureLoading(index)}
                decoding="async"
              />
              <h2 className={styles.name}>{book.title}</h2>
              <p>{book.description}</p>
              <p className={styles.price}>{book.price}</p>
              {/* The button does nothing (the catalogue is a placeholder). */}
              <Button aria-label={`${BUY_NOW_LABEL}: ${book.title}`}>{BUY_NOW_LABEL}</Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
