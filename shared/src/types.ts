// Entity types shared by every app and the API client. What the content API sends and accepts
// is its contract (@portfolio/contract, docs/decisions/052): those types are derived from its
// schemas, never written out here again.
import type { ContactInput, Role } from '@portfolio/contract';

export type {
  AboutData,
  Article,
  ArticleDetail,
  ArticleNeighbour,
  FunFact,
  Image,
  Project,
  Role,
  SearchResult,
  SiteSettings,
  OwnerSettings,
  AboutSettings,
  PortfolioSettings,
  ThemeSettings,
  CertificationSettings,
  SkillGroupSettings,
  ExperienceSettings,
  TestimonialSettings,
  ServiceSettings,
  StoredContactMessage,
  TagCount,
} from '@portfolio/contract';

/** What the contact forms send: POST /contact without its honeypot. */
export type ContactMessage = Omit<ContactInput, 'website'>;

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

/**
 * A drawing of the build as raster images (`import x from './x.svg?picture'`): its widths in
 * `srcSet`, `src` for a browser without it, and the size it is drawn for.
 */
export interface Picture {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface StoreProduct {
  id: number;
  name: string;
  price: string;
  image: Picture;
}

export interface Ebook {
  id: number;
  title: string;
  description: string;
  coverImage: Picture;
  price: string;
}
