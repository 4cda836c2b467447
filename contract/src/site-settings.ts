// The site's settings (docs/decisions/141): who the owner is, what the about page and the
// portfolio say, and the theme's accent colours. One document, stored in the database and edited
// in the dashboard; every page, the preview cards, the feed and the structured data read it on
// the next request. GET /settings answers SiteSettingsSchema (open, like every answer);
// PUT /settings (admin) takes SiteSettingsInputSchema (closed and strict, like every body), the
// whole document at once. Each part is one schema, written once here: the API validates with it,
// the dashboard's fields take their limits from it, the client checks the answer against it.
import {
  Array as ArrayOf,
  Object as ObjectOf,
  Optional,
  String as StringType,
} from '@sinclair/typebox';
import type { Static, TObject, TProperties, TSchema } from '@sinclair/typebox';
import { ImageSchema, emailAddress, httpUrl, imagePath, text } from './schemas.js';
import type { Image } from './schemas.js';

// --- Patterns ---------------------------------------------------------------------------------

/** A colour as `<input type="color">` gives it: `#` and six hex digits. */
export const HEX_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';
/** When a certificate was issued: a month, `2024-03` (what `<input type="month">` gives). */
export const YEAR_MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

const hexColor = StringType({ pattern: HEX_COLOR_PATTERN });
const yearMonth = StringType({ pattern: YEAR_MONTH_PATTERN });

/** A request part: closed, so an unknown field is refused with its name (docs/decisions/021). */
const closed = <T extends TProperties>(properties: T) =>
  ObjectOf(properties, { additionalProperties: false });

/** A list of at most `maxItems` (and at least `minItems`) items. */
const listOf = <T extends Parameters<typeof ArrayOf>[0]>(item: T, maxItems: number, minItems = 0) =>
  ArrayOf(item, { maxItems, ...(minItems > 0 && { minItems }) });

// --- The parts, as a request body has them ---------------------------------------------------

export const SocialLinkInputSchema = closed({ label: text(40), url: httpUrl });

/** Who the owner is: the navbar, the footer, titles, structured data, cards and the feed. */
export const OwnerSettingsInputSchema = closed({
  name: text(100),
  /** Under the name on the home page and the portfolio, on the default card, in the feed. */
  jobTitle: text(100),
  /** The footer's and the contact page's address, and the structured data's. */
  email: emailAddress,
  /** Beside the contact line of the portfolio ("Remote · Portland, OR"). */
  location: Optional(text(100)),
  /** The footer's links and the structured data's `sameAs`. */
  social: listOf(SocialLinkInputSchema, 8),
});

export const FunFactInputSchema = closed({ label: text(60), value: text(200) });

/** The about page. */
export const AboutSettingsInputSchema = closed({
  intro: listOf(text(2000), 8, 1),
  funFacts: listOf(FunFactInputSchema, 12),
});

/** A certification, with what makes it credible: who issued it, when, and where to verify it. */
export const CertificationInputSchema = closed({
  title: text(120),
  issuer: text(120),
  /** The month it was issued, `2024-03`. */
  date: yearMonth,
  /** Where anyone can verify it (the issuer's credential page). */
  credentialUrl: Optional(httpUrl),
  /** Its badge, a stored image (`/images/<name>`); a plain badge without one. */
  image: Optional(imagePath),
});

export const SkillGroupInputSchema = closed({
  name: text(60),
  skills: listOf(text(60), 40),
});

export const ExperienceInputSchema = closed({
  role: text(120),
  organisation: text(120),
  /** As it is shown: "2021 – Present". */
  period: text(60),
  highlights: listOf(text(400), 10),
});

export const TestimonialInputSchema = closed({
  quote: text(600),
  name: text(100),
  role: text(120),
});

export const ServiceInputSchema = closed({ title: text(80), description: text(400) });

/** What the home page and the portfolio say. */
export const PortfolioSettingsInputSchema = closed({
  /** The home page's introduction, under the typed phrases. */
  heroIntro: text(600),
  /** The home page's short "About Me". */
  aboutTeaser: text(600),
  /** The portfolio's professional summary, a paragraph each. */
  summary: listOf(text(2000), 6, 1),
  certifications: listOf(CertificationInputSchema, 24),
  skillGroups: listOf(SkillGroupInputSchema, 8),
  experience: listOf(ExperienceInputSchema, 20),
  testimonials: listOf(TestimonialInputSchema, 12),
  services: listOf(ServiceInputSchema, 12),
});

/**
 * The theme's accent colours, as CSS custom properties of every page (`--color-accent`,
 * `--color-accent-strong`) and the cards' accent. Each must be readable on the site's dark
 * surfaces (accentProblem below): the API refuses one that is not.
 */
export const ThemeSettingsInputSchema = closed({
  accent: hexColor,
  /** Hover and emphasis: a lighter tone of the accent. */
  accentStrong: hexColor,
});

/**
 * The fields of the settings that hold a stored image (`/images/<name>`), as SQL/JSON paths:
 * what pins an image against deletion (docs/decisions/142), and nothing else of the settings
 * (a text that reads `/images/<name>` shows no image). contract.test.ts checks the list against
 * the schema's image fields.
 */
export const SETTINGS_IMAGE_FIELDS = ['$.portfolio.certifications[*].image'] as const;

/** PUT /settings (admin): the whole document. */
export const SiteSettingsInputSchema = closed({
  owner: OwnerSettingsInputSchema,
  about: AboutSettingsInputSchema,
  portfolio: PortfolioSettingsInputSchema,
  theme: ThemeSettingsInputSchema,
});
export type SiteSettingsInput = Static<typeof SiteSettingsInputSchema>;

// --- The answer -------------------------------------------------------------------------------

/**
 * The same parts as an answer has them: open (a client ignores a field it does not know, so the
 * API may add one) and loose (the API already checked what it stored).
 */
function answerOf(schema: TObject): TObject {
  const properties: TProperties = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    properties[key] = answerPart(property);
  }
  Object.assign(properties, ANSWER_ADDITIONS.get(schema));
  const required = new Set(schema.required ?? []);
  return ObjectOf(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [
        key,
        required.has(key) ? property : Optional(property),
      ]),
    ),
  );
}

function answerPart(schema: TProperties[string]): TProperties[string] {
  if (schema.type === 'object') return answerOf(schema as TObject);
  if (schema.type === 'array') return ArrayOf(answerPart(schema.items as TProperties[string]));
  return StringType();
}

/**
 * What an answer has that a request body has not (each optional): a certification's badge as the
 * API measured it, with its variants (docs/decisions/123, 172), so the portfolio shows it at the
 * size the screen needs. The dashboard never sends it back: the body is closed.
 */
const ANSWER_ADDITIONS = new Map<TSchema, TProperties>([
  [CertificationInputSchema, { badge: Optional(ImageSchema) }],
]);

/**
 * GET /settings: the document, and when it last changed (the API's client checks an answer
 * against it and types it as SiteSettings).
 */
export const SiteSettingsSchema: TObject = ObjectOf({
  ...answerOf(SiteSettingsInputSchema).properties,
  /** ISO-8601: when the owner last saved them (the first start's time until then). */
  updatedAt: StringType(),
});
export type CertificationSettings = Static<typeof CertificationInputSchema> & { badge?: Image };
export type PortfolioSettings = Omit<SiteSettingsInput['portfolio'], 'certifications'> & {
  certifications: CertificationSettings[];
};
export type SiteSettings = Omit<SiteSettingsInput, 'portfolio'> & {
  portfolio: PortfolioSettings;
  updatedAt: string;
};

/**
 * The document an answer stands for, as a PUT sends it back: without its time and what the answer
 * adds to the stored parts (ANSWER_ADDITIONS: each badge's measures).
 */
export function settingsInputOf({
  updatedAt: _updatedAt,
  ...settings
}: SiteSettings): SiteSettingsInput {
  return {
    ...settings,
    portfolio: {
      ...settings.portfolio,
      certifications: settings.portfolio.certifications.map(
        ({ badge: _badge, ...certification }) => certification,
      ),
    },
  };
}

export type OwnerSettings = SiteSettings['owner'];
export type AboutSettings = SiteSettings['about'];
export type ThemeSettings = SiteSettings['theme'];
export type SkillGroupSettings = PortfolioSettings['skillGroups'][number];
export type ExperienceSettings = PortfolioSettings['experience'][number];
export type TestimonialSettings = PortfolioSettings['testimonials'][number];
export type ServiceSettings = PortfolioSettings['services'][number];

// --- Theme colours ----------------------------------------------------------------------------

/**
 * The lightest of the site's dark surfaces (shared/src/tokens.css, --color-surface-raised): an
 * accent readable there is readable on every surface, and dark text (--color-accent-contrast)
 * is readable on it.
 */
export const THEME_SURFACE = '#1b2640';
/** WCAG 2.1 AA for normal text: accents colour links, labels and small text. */
export const MIN_ACCENT_CONTRAST = 4.5;

/** The relative luminance of a `#rrggbb` colour (WCAG 2.1). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The light theme's surface an accent is hardest to read on (shared/src/tokens.css, the light
 * --color-surface-raised).
 */
export const LIGHT_THEME_SURFACE = '#e9eef5';

/** The light theme's hover and emphasis tone reads at this (darker than the accent's 4.5). */
export const LIGHT_ACCENT_STRONG_CONTRAST = 6.5;

/**
 * The owner's accent as the light theme shows it (docs/decisions/171): the same hue darkened
 * (mixed toward black, 1 % at a time) until it reads at `minContrast` on the light theme's
 * surfaces, so white text on it reads too. An accent dark enough already is kept as it is.
 */
export function lightThemeAccent(color: string, minContrast = MIN_ACCENT_CONTRAST): string {
  const channels = [1, 3, 5].map((offset) => Number.parseInt(color.slice(offset, offset + 2), 16));
  for (let percent = 0; percent <= 100; percent += 1) {
    const mixed =
      '#' +
      channels
        .map((value) =>
          Math.round((value * (100 - percent)) / 100)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('');
    if (contrastRatio(mixed, LIGHT_THEME_SURFACE) >= minContrast) return mixed;
  }
  return '#000000';
}

/** Why an accent colour cannot be used (too dark on the site's surfaces), or null. */
export function accentProblem(field: string, color: string): string | null {
  if (!new RegExp(HEX_COLOR_PATTERN).test(color))
    return `${field} must be a colour such as #38d9a9.`;
  const ratio = contrastRatio(color, THEME_SURFACE);
  if (ratio >= MIN_ACCENT_CONTRAST) return null;
  return (
    `${field} ${color} is too dark to read on the site's dark background ` +
    `(contrast ${ratio.toFixed(1)}:1, at least ${MIN_ACCENT_CONTRAST}:1 is needed): choose a lighter colour.`
  );
}
