// Texts of the shop remote (docs/product.md#store-and-e-books).
export const STORE_TITLE = 'Store';
export const STORE_INTRO = 'Tools and training for a safer digital life. Checkout is coming soon.';
export const ADD_TO_CART_LABEL = 'Add to Cart';
export const EBOOK_TITLE = 'E-books';
export const EBOOK_INTRO = 'Practical guides written from real security engagements.';
export const BUY_NOW_LABEL = 'Buy Now';
