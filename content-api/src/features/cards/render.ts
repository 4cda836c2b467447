// Link-preview cards: 1200 × 630 PNG images with a title, the owner's name and the site's
// colours. Laid out by satori (HTML/CSS subset to SVG, with the text turned into paths) and
// rasterised by resvg: link-preview crawlers do not render SVG (docs/decisions/061).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/**
 * The site's design tokens (shared/src/tokens.css), the colours a card is drawn in; the accent is
 * the settings' (docs/decisions/141), this one when none is given.
 */
const COLORS = {
  background: '#0b1120',
  border: '#2a3a5c',
  text: '#e6edf7',
  muted: '#a9b7cf',
  accent: '#38d9a9',
};

const require = createRequire(import.meta.url);
/** Inter from the @fontsource/inter package (satori reads TTF, OTF and WOFF, not WOFF2). */
const FONT_FILES = {
  400: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  700: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
};
const fontFile = (weight: 400 | 700) => readFileSync(FONT_FILES[weight]);
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
function loadFonts() {
  fonts ??= [
    { name: 'Inter', data: fontFile(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: fontFile(700), weight: 700, style: 'normal' },
  ];
  return fonts;
}

export interface CardContent {
  /** The big line: an article's or a project's title, or the owner's name. */
  title: string;
  /** The small line above it: "Article", "Project" or the owner's job title. */
  eyebrow: string;
  /** The owner's name, at the bottom. */
  name: string;
  /** The site's host name, at the bottom right. */
  site: string;
  /** The theme's accent colour, `#rrggbb` (checked by the settings' schema). */
  accent?: string;
}

type Style = Record<string, string | number>;
interface CardNode {
  type: string;
  props: { style?: Style; children?: CardNode | CardNode[] | string };
}
const box = (style: Style, children: CardNode | CardNode[] | string): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** Long titles get a smaller size, and are cut at three lines either way. */
function titleSize(title: string): number {
  if (title.length > 90) return 52;
  if (title.length > 50) return 62;
  return 76;
}

function layout(card: CardContent): CardNode {
  const accent = card.accent && /^#[0-9a-fA-F]{6}$/.test(card.accent) ? card.accent : COLORS.accent;
  // A fixed-size root without padding (satori sizes boxes content-box), an accent bar, and the
  // content in a flexible column that takes the rest.
  return box(
    {
      width: '100%',
      height: '100%',
      background: COLORS.background,
      color: COLORS.text,
      fontFamily: 'Inter',
    },
    [
      box({ width: 24, height: '100%', background: accent }, []),
      box(
        {
          flexGrow: 1,
          flexDirection: 'column',
          justifyContent: 'space-between',
          padding: 72,
        },
        [
          box({ flexDirection: 'column' }, [
            box(
              {
                fontSize: 30,
                fontWeight: 700,
                color: accent,
                textTransform: 'uppercase',
                letterSpacing: 3,
                marginBottom: 28,
              },
              card.eyebrow,
            ),
            box(
              {
                // Block, for the line clamp (satori clamps block boxes only).
                display: 'block',
                fontSize: titleSize(card.title),
                fontWeight: 700,
                lineHeight: 1.15,
                lineClamp: 3,
              },
              card.title,
            ),
          ]),
          box(
            {
              justifyContent: 'space-between',
              alignItems: 'center',
              borderTop: `2px solid ${COLORS.border}`,
              paddingTop: 32,
              fontSize: 32,
            },
            [
              box({ fontWeight: 700 }, card.name),
              box({ color: COLORS.muted, fontWeight: 400 }, card.site),
            ],
          ),
        ],
      ),
    ],
  );
}

/** The card as PNG bytes. */
export async function renderCard(card: CardContent): Promise<Buffer> {
  const svg = await satori(layout(card) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
  return Buffer.from(png);
}
