// Entity types from the product spec (section 3), shared by every app and the API client.

export interface Project {
  _id: string;
  title: string;
  description: string;
  imagePath: string;
  createdAt: string;
  /** Last edit (the API sends it); the preview card's version follows it. */
  updatedAt?: string;
  skills?: string[];
  link?: string;
}

export interface Article {
  _id: string;
  title: string;
  content: string;
  imagePath?: string;
  createdAt: string;
  /** Last edit (the API sends it): dateModified, and the preview card's version. */
  updatedAt?: string;
}

export interface ArticleNeighbour {
  _id: string;
  title: string;
}

/** GET /articles/:id adds the neighbours by date, for previous/next links. */
export interface ArticleDetail extends Article {
  previous: ArticleNeighbour | null;
  next: ArticleNeighbour | null;
}

/** GET /search: `snippet` is HTML-escaped text whose matches are wrapped in <mark>…</mark>. */
export interface SearchResult {
  _id: string;
  title: string;
  content: string;
  createdAt?: string;
  snippet?: string;
}

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export interface StoredContactMessage extends ContactMessage {
  _id: string;
  createdAt: string;
  read: boolean;
}

export interface FunFact {
  label: string;
  value: string;
}

export interface AboutData {
  name: string;
  title: string;
  intro: string[];
  funFacts: FunFact[];
}

export type Role = 'user' | 'admin';

/** users/{uid}: sign-up stores email, username, role; Google stores role, name, email, photoURL. */
export interface UserProfile {
  uid: string;
  email: string;
  role: Role;
  username?: string;
  name?: string;
  photoURL?: string;
}

export interface Certificate {
  id: number;
  image: string;
  title: string;
}

export interface StoreProduct {
  id: number;
  name: string;
  price: string;
  image: string;
}

export interface Ebook {
  id: number;
  title: string;
  description: string;
  coverImage: string;
  price: string;
}
