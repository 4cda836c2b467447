/** @jest-environment node */
// The settings' documentation against their schemas (docs/decisions/147): .env.example, the
// environment of each service in deploy/compose.yaml and README's "Configuration" table list
// every variable a schema knows, none it does not, each with the schema's default. A setting
// added to a schema without its documentation fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { TObject } from '@sinclair/typebox';
import { documentedDefault } from '@portfolio/platform/settings';
import { StaticEntrySettingsSchema } from '@portfolio/platform/static-server';
import { ApiSettingsSchema, ContentExportSettingsSchema } from '@portfolio/content-api/settings';
import { StackSettingsSchema, readStackSettings } from './stack/settings';
import { SiteServerSettingsSchema } from '@portfolio/shell/server/settings';
import { EdgeSettingsSchema } from './edge';
import { apiEnv } from './stack/api';
import { stackSetup } from './stack/setup';

const ROOT = path.join(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const SCHEMAS: Record<string, TObject> = {
  "the site's server (shell/server/settings.ts)": SiteServerSettingsSchema,
  'the content API (content-api/src/settings.ts)': ApiSettingsSchema,
  'the local stack (tools/stack/settings.ts)': StackSettingsSchema,
  'the edge (tools/edge.ts)': EdgeSettingsSchema,
  "a packaged remote's server (platform/src/static-server.ts)": StaticEntrySettingsSchema,
  "the content CLI's export over HTTP (content-api/src/settings.ts)": ContentExportSettingsSchema,
};

/** Each variable any schema knows → the defaults the schemas give it, and whether one has none. */
function knownSettings(schemas: TObject[]) {
  const known = new Map<string, { defaults: Set<string>; someWithout: boolean }>();
  for (const schema of schemas) {
    for (const [name, setting] of Object.entries(schema.properties)) {
      const entry = known.get(name) ?? { defaults: new Set<string>(), someWithout: false };
      const value = documentedDefault(setting);
      if (value === undefined) entry.someWithout = true;
      else entry.defaults.add(value);
      known.set(name, entry);
    }
  }
  return known;
}

/** `NAME=value` of each line `# NAME=value` (or uncommented) of a .env file. */
function envFileSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

/** The `environment:` of one service of a compose file: name → value as written. */
function composeEnvironment(text: string, service: string): Map<string, string> {
  const lines = text.split('\n');
  const start = lines.indexOf(`  ${service}:`);
  if (start < 0) throw new Error(`no service ${service}`);
  const environment = new Map<string, string>();
  let inEnvironment = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) break; // the next service, or the end of services
    if (/^ {4}\S/.test(line)) inEnvironment = line.trim() === 'environment:';
    const match = /^ {6}([A-Z][A-Z0-9_]*): ?(.*)$/.exec(line);
    if (inEnvironment && match) environment.set(match[1]!, match[2]!.replace(/^'(.*)'$/, '$1'));
  }
  return environment;
}

/** README's "Configuration" table: each row's variables → its Default cell. */
function readmeSettings(text: string): Map<string, string> {
  const section = text.slice(text.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  const settings = new Map<string, string>();
  for (const line of table.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `') || cells.length < 3) continue;
    for (const [, name] of cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      settings.set(name!, cells[1]!);
    }
  }
  return settings;
}

type Known = ReturnType<typeof knownSettings>;
type Entry = Known extends Map<string, infer E> ? E : never;

/**
 * What is wrong with a document's list of settings against the schemas' variables: one missing,
 * one no schema knows, or a value `valueProblem` refuses.
 */
function listProblems(
  documented: Map<string, string>,
  known: Known,
  where: string,
  valueProblem: (value: string, entry: Entry) => string | undefined = () => undefined,
): string[] {
  const problems: string[] = [];
  for (const [name, entry] of known) {
    const value = documented.get(name);
    if (value === undefined) problems.push(`${where} does not list ${name}`);
    else {
      const problem = valueProblem(value, entry);
      if (problem) problems.push(`${where}: ${name} ${problem}`);
    }
  }
  for (const name of documented.keys()) {
    if (!known.has(name)) problems.push(`${where} lists ${name}, which no settings schema knows`);
  }
  return problems;
}

const shownAsWord = (text: string, value: string) =>
  new RegExp(`(^|[^\\w])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`).test(text);

describe("the settings' documentation", () => {
  const known = knownSettings(Object.values(SCHEMAS));

  it('knows the variables of every schema', () => {
    expect(known.size).toBeGreaterThan(40);
    expect(known.get('SSR_RENDER_BUDGET_MS')?.defaults).toEqual(new Set(['1000']));
    expect(known.get('LOG_REQUESTS')?.defaults).toEqual(new Set(['on', 'off']));
    expect(known.get('NGINX')?.defaults).toEqual(new Set(['/usr/sbin/nginx']));
    expect(known.get('CONTENT_API_TOKEN')?.someWithout).toBe(true);
    expect(known.get('PORT')?.defaults).toEqual(new Set(['4000', '8080']));
  });

  it('.env.example lists every setting, with its default', () => {
    // One value per variable: a schema's default, or anything where a schema has none (a
    // default it derives, like SITE_URL's from SHELL_PORT).
    const problems = listProblems(
      envFileSettings(read('.env.example')),
      known,
      '.env.example',
      (value, { defaults, someWithout }) =>
        someWithout || defaults.has(value)
          ? undefined
          : `is "${value}", its default ${[...defaults].join(' / ')}`,
    );
    expect(problems).toEqual([]);
  });

  it("README's Configuration table lists every setting, with its defaults", () => {
    const problems = listProblems(
      readmeSettings(read('README.md')),
      known,
      'README "Configuration"',
      (cell, { defaults }) => {
        const missing = [...defaults].filter((fallback) => !shownAsWord(cell, fallback));
        return missing.length > 0 ? `does not say its default ${missing.join(' / ')}` : undefined;
      },
    );
    expect(problems).toEqual([]);
  });

  it.each([
    ['site', SiteServerSettingsSchema],
    ['api', ApiSettingsSchema],
  ])('deploy/compose.yaml gives the %s service every setting of its schema', (service, schema) => {
    // `${NAME:-x}` passes deploy/.env's value on, else x: the schema's default when it has one.
    // `${NAME}` passes it on, else nothing: only for a setting whose default is none or empty
    // (podman-compose 1.0.3 reads no empty `${NAME:-}`, docs/decisions/210). Any other value is
    // the deployment's own (an address on compose's network, the image's).
    const problems = listProblems(
      composeEnvironment(read('deploy/compose.yaml'), service),
      knownSettings([schema]),
      `compose ${service}`,
      (value, { defaults }) => {
        const passed = /^\$\{[A-Z0-9_]+:-(.*)\}$/.exec(value);
        const [fallback] = defaults;
        if (/^\$\{[A-Z0-9_]+\}$/.test(value) && fallback) {
          return `falls back to nothing, its default is "${fallback}"`;
        }
        return passed && fallback !== undefined && passed[1] !== fallback
          ? `falls back to "${passed[1]}", its default is "${fallback}"`
          : undefined;
      },
    );
    expect(problems).toEqual([]);
  });

  it('shows, for each setting npm start gives the content API, the value it gives (round 5)', () => {
    // The values of this run or of other settings (ports, keys, the apps' origins) aside, what
    // npm start runs is what README says: the default, or `npm start`'s value beside it. A
    // setting it does not give is the API's own default, checked above.
    const derived = new Set([
      'PORT',
      'CORS_ORIGINS',
      'PUBLIC_HOSTS',
      'SITE_URL',
      'CONTENT_EVENTS_KEY',
      'FIREBASE_AUTH_EMULATOR_HOST',
    ]);
    const readme = readmeSettings(read('README.md'));
    // With the mail catcher running, as it does unless its port is taken.
    const given = apiEnv(
      stackSetup(readStackSettings({}), () => 'a-key-of-this-run'),
      {
        mailCaught: true,
      },
    );
    const problems = Object.entries(given)
      .filter(([name]) => !derived.has(name))
      .filter(([name, value]) => !shownAsWord(readme.get(name) ?? '', value))
      .map(
        ([name, value]) => `README "Configuration" does not say npm start gives ${name}=${value}`,
      );
    expect(problems).toEqual([]);
    expect(given).not.toHaveProperty('CONTACT_RATE_LIMIT');
  });

  it('fails for a setting a schema has and the documents do not', () => {
    const added = knownSettings([
      ...Object.values(SCHEMAS),
      Type.Object({ NEW_SETTING: Type.Integer({ default: 5 }) }),
    ]);
    for (const documented of [
      envFileSettings(read('.env.example')),
      readmeSettings(read('README.md')),
    ]) {
      expect(listProblems(documented, added, 'doc')).toEqual(['doc does not list NEW_SETTING']);
    }
  });
});
