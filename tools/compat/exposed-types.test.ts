/** @jest-environment node */
import AdmZip from 'adm-zip';
import { checkTypesAgainstShell } from './exposed-types';

/**
 * A types zip as Module Federation's type plugin lays it out (dts-plugin 2.9: the contents of
 * its @mf-types folder): `<module>.d.ts` at the root.
 */
function typesZip(files: Record<string, string>): Buffer {
  const zip = new AdmZip();
  for (const [name, text] of Object.entries(files)) {
    zip.addFile(name, Buffer.from(text));
  }
  return zip.toBuffer();
}

const PAGE = `import type { ComponentType } from 'react';
declare const StorePage: ComponentType;
export default StorePage;
export declare function loader(): Promise<{ items: string[] }>;
`;

describe("check:compat's type check of a remote's exposed modules", () => {
  it('accepts pages and islands whose types fit what the shell makes of them', () => {
    const zip = typesZip({
      'StorePage.d.ts': PAGE,
      // As the type plugin writes a registry that `satisfies IslandRegistry` (remote-portfolio).
      'islands.d.ts': `import type { ReactElement } from 'react';
declare function BuyButton(props: { sku: string }): ReactElement;
export declare const islands: { BuyButton: typeof BuyButton };`,
    });
    expect(
      checkTypesAgainstShell({ remote: 'shop', zip, exposes: ['./StorePage', './islands'] }),
    ).toEqual([]);
  });

  it.each([
    [
      'a page whose default export is no component',
      `export declare const x: number;\ndeclare const page: string;\nexport default page;`,
    ],
    [
      'a loader that wants an argument the shell does not give',
      `import type { ComponentType } from 'react';
declare const StorePage: ComponentType;
export default StorePage;
export declare function loader(args: { request: Request }, budget: number): unknown;`,
    ],
  ])('refuses %s, naming the module', (_what, page) => {
    const problems = checkTypesAgainstShell({
      remote: 'shop',
      zip: typesZip({ 'StorePage.d.ts': page }),
      exposes: ['./StorePage'],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^shop's \.\/StorePage no longer fits the shell \(its types\): /);
  });

  it('refuses an exposed module without types', () => {
    expect(
      checkTypesAgainstShell({
        remote: 'shop',
        zip: typesZip({ 'StorePage.d.ts': PAGE }),
        exposes: ['./StorePage', './EbookPage'],
      }),
    ).toEqual(['shop exposes ./EbookPage without its types']);
  });
});
