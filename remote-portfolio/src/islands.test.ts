// Every island a page of the portfolio declares is one its `./islands` module exports, under the
// same name and as the same component: a page of islands hydrates each by that name; a script
// island is also one its `./island-scripts` module exports (docs/decisions/148).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { islandScripts } from './island-scripts';
import { islands } from './islands';

const PAGES = path.join(__dirname, 'pages');

function declaredIslands(): { page: string; name: string; component: string; script: boolean }[] {
  const found = [];
  for (const folder of readdirSync(PAGES)) {
    const file = path.join(PAGES, folder, `${folder}.tsx`);
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /<Island\s[^>]*?name="(\w+)"[^>]*?component=\{(\w+)\}[^>]*?\/>/gs,
    )) {
      found.push({
        page: folder,
        name: match[1]!,
        component: match[2]!,
        script: /\sscript(\s|=\{true\}|\/?>)/.test(match[0]),
      });
    }
  }
  return found;
}

describe("the portfolio's islands", () => {
  it('exports every island its pages declare, by the name they give it', () => {
    const declared = declaredIslands();
    expect(declared.length).toBeGreaterThanOrEqual(5);
    for (const { page, name, component } of declared) {
      expect({ page, name, exported: name in islands }).toEqual({ page, name, exported: true });
      const exported = islands[name as keyof typeof islands] as { name?: string };
      expect({ page, name, component: exported.name }).toEqual({ page, name, component });
    }
  });

  it('exports the script of every script island its pages declare (the hero typing line)', () => {
    const scripts = declaredIslands().filter((island) => island.script);
    expect(scripts.map(({ name }) => name)).toContain('TypedPhrases');
    for (const { page, name } of scripts) {
      expect({
        page,
        name,
        script: typeof islandScripts[name as keyof typeof islandScripts],
      }).toEqual({ page, name, script: 'function' });
    }
  });
});
