/** @jest-environment node */
// What the content API's build compiles (tools/api-build.ts, docs/decisions/219): every module
// of the API and the contract, and no test or test support, which the production build must not
// hold (docs/decisions/071). That the built API serves is shown by every browser spec, which
// starts it from content-api/dist.
import path from 'node:path';
import { apiBuildSources } from './api-build';
import { ROOT } from './root';

const relative = (files: string[], dir: string) =>
  files.map((file) => path.relative(path.join(ROOT, dir, 'src'), file));

test("the API's build compiles its modules and the contract's, and no test or test support", () => {
  const api = relative(apiBuildSources('content-api', ['testing']), 'content-api');
  expect(api).toEqual(
    expect.arrayContaining([
      'server.ts',
      'bench.ts',
      path.join('features', 'images', 'svg-worker.ts'),
      path.join('cli', 'admin.ts'),
    ]),
  );
  expect(api.filter((file) => /\.test\.ts$|^testing\//.test(file))).toEqual([]);

  const contract = relative(apiBuildSources('contract'), 'contract');
  expect(contract).toEqual(expect.arrayContaining(['index.ts', 'site-settings.ts']));
  expect(contract.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
});
