// How wide the catalogue's layout shows its pictures (catalogue.module.css), as `sizes`: the
// browser takes the narrowest of a picture's widths that is dense enough for its screen.

/**
 * A product: the whole column on a phone (the page's and the card's padding aside), else a grid
 * cell of at least 15rem, about 20rem at most.
 */
export const PICTURE_SIZES = '(max-width: 33rem) calc(100vw - 4rem), 20rem';

/** An e-book's cover: at most 14rem wide. */
export const COVER_SIZES = '14rem';
