import type { PageHead } from '@portfolio/shared/head';
import { Button, Card } from '@portfolio/shared/ui';
import { PRODUCTS } from '../../catalogue';
import { ADD_TO_CART_LABEL, STORE_INTRO, STORE_TITLE } from '../../texts';
import styles from '../catalogue.module.css';
import { pictureLoading } from '../picture-loading';
import { PICTURE_SIZES } from '../picture-sizes';

export const head: PageHead = () => ({ title: STORE_TITLE, description: STORE_INTRO });

export default function StorePage() {
  return (
    <section className={styles.page}>
      <h1>{STORE_TITLE}</h1>
      <p className={styles.intro}>{STORE_INTRO}</p>
      <ul className={styles.grid}>
        {PRODUCTS.map((product, index) => (
          <li key={product.id}>
            <Card className={styles.item}>
              <img
                src={product.image.src}
                srcSet={product.image.srcSet}
                sizes={PICTURE_SIZES}
                alt=""
                width={product.image.width}
                height={product.image.height}
                className={styles.image}
                {...pictureLoading(index)}
                decoding="async"
              />
              <h2 className={styles.name}>{product.name}</h2>
              <p className={styles.price}>{product.price}</p>
              {/* The button does nothing (the store is a placeholder). */}
              <Button aria-label={`${ADD_TO_CART_LABEL}: ${product.name}`}>
                {ADD_TO_CART_LABEL}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
