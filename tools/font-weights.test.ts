/** @jest-environment node */
// The pages draw text in two weights, regular and bold (docs/decisions/175): every weight and size
// a page draws is a font the browser looks up while it lays the page out (on Linux, a round trip
// to its browser process each), so a third weight costs every page that uses it. This reads every
// stylesheet of the apps and the shared package, the remotes' included.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from './root';

/** What `font-weight` may say: the two weights, by number or by name, or the parent's. */
const ALLOWED = new Set(['400', '700', 'normal', 'bold', 'inherit']);

function stylesheets(): string[] {
  const folders = ['shared/src', ...APPS.map((app) => `${app.dir}/src`)];
  return folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.css'))
      .map((name) => path.join(folder, name)),
  );
}

/** Each weight a stylesheet's text sets: `font-weight`, and a `font:` shorthand's weight. */
function weightsOf(stylesheet: string): string[] {
  const css = stylesheet.replace(/\/\*[\s\S]*?\*\//g, '');
  const weights = [...css.matchAll(/font-weight:\s*([^;}]+)/g)].map((match) =>
    (match[1] ?? '').replace(/\s*!important\s*$/, '').trim(),
  );
  const shorthands = [...css.matchAll(/(?:^|[\s;{])font:\s*([^;}]+)/g)]
    .map((match) => /\b([1-9]00|bolder|lighter)\b/.exec(match[1] ?? '')?.[1])
    .filter((weight): weight is string => weight !== undefined);
  return [...weights, ...shorthands];
}

describe('the pages’ type', () => {
  it('finds the stylesheets it reads', () => {
    expect(stylesheets()).toEqual(
      expect.arrayContaining([
        path.join('shared', 'src', 'tokens.css'),
        path.join('remote-blog', 'src', 'pages', 'ArticlePage', 'ArticlePage.module.css'),
      ]),
    );
  });

  it('has two weights: regular and bold', () => {
    const others = stylesheets().flatMap((file) =>
      weightsOf(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((weight) => !ALLOWED.has(weight))
        .map((weight) => `${file}: ${weight}`),
    );
    expect(others).toEqual([]);
  });

  it('reads a weight however a rule sets it', () => {
    expect(weightsOf('a { font-weight: 600; } b { font-weight: 700 !important }')).toEqual([
      '600',
      '700',
    ]);
    expect(weightsOf('a { font: italic 500 1rem/1.5 serif; } b { font: inherit; }')).toEqual([
      '500',
    ]);
    expect(weightsOf('/* font-weight: 300 */ a { color: red; }')).toEqual([]);
  });
});
