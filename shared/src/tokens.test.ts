// The two themes' colours (docs/decisions/171), as tokens.css writes them: every text colour reads
// at WCAG AA on every surface of its own theme, and the light accents are the dark ones as
// lightThemeAccent darkens them, the way the owner's accents are (shared/src/head/tags.ts, themeStyle).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LIGHT_ACCENT_STRONG_CONTRAST,
  MIN_ACCENT_CONTRAST,
  contrastRatio,
  lightThemeAccent,
} from '@portfolio/contract';

const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');

/** Each `--color-<name>: light-dark(<light>, <dark>)` of the root's rule. */
function colourPairs(): Map<string, { light: string; dark: string }> {
  const pairs = new Map<string, { light: string; dark: string }>();
  for (const match of css.matchAll(
    /--color-([a-z-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/g,
  )) {
    pairs.set(match[1] ?? '', { light: match[2] ?? '', dark: match[3] ?? '' });
  }
  return pairs;
}

const SURFACES = ['bg', 'surface', 'surface-raised'];
const TEXTS = [
  'text',
  'text-muted',
  'accent',
  'accent-strong',
  'link',
  'danger',
  'success',
  'focus',
];

describe('the design tokens', () => {
  const pairs = colourPairs();
  const colour = (name: string, theme: 'light' | 'dark') => {
    const pair = pairs.get(name);
    if (!pair) throw new Error(`tokens.css has no light-dark() pair for --color-${name}`);
    return pair[theme];
  };

  it.each(['light', 'dark'] as const)('read at AA on every surface of the %s theme', (theme) => {
    const weak = TEXTS.flatMap((text) =>
      SURFACES.map((surface) => ({
        pair: `${text} on ${surface}`,
        ratio: contrastRatio(colour(text, theme), colour(surface, theme)),
      })),
    ).filter(({ ratio }) => ratio < MIN_ACCENT_CONTRAST);
    expect(weak).toEqual([]);
    // A button's text on the accent.
    expect(
      contrastRatio(colour('accent-contrast', theme), colour('accent', theme)),
    ).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
  });

  it("give the light theme the dark accents darkened as the owner's are", () => {
    expect(colour('accent', 'light')).toBe(lightThemeAccent(colour('accent', 'dark')));
    expect(colour('accent-strong', 'light')).toBe(
      lightThemeAccent(colour('accent-strong', 'dark'), LIGHT_ACCENT_STRONG_CONTRAST),
    );
  });

  it('let the toggle choose a theme over the system, and print on white', () => {
    expect(css).toMatch(/:root \{\s*color-scheme: light dark;/);
    expect(css).toMatch(/:root\[data-theme='light'\] \{\s*color-scheme: light;/);
    expect(css).toMatch(/:root\[data-theme='dark'\] \{\s*color-scheme: dark;/);
    expect(css).toMatch(/@media print \{\s*:root,\s*:root\[data-theme\] \{\s*color-scheme: light;/);
  });
});
