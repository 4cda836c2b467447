// The settings a new site starts with (docs/decisions/141): the seed's document
// (seed/settings.json), with the owner's name, e-mail and profile links from the environment
// when they are set (OWNER_NAME, OWNER_EMAIL, OWNER_GITHUB_URL, OWNER_LINKEDIN_URL). They are
// stored at the first start (repository.ts: seedSettings); from then on the dashboard edits them
// and the environment is no longer read for them.
import fs from 'node:fs';
import path from 'node:path';
import { SiteSettingsInputSchema } from '@portfolio/contract';
import type { SiteSettingsInput } from '@portfolio/contract';
import { describeValidationError } from '../../http/errors.js';
import type { SchemaValidationError } from '../../http/errors.js';
import { bodyValidator } from '../../http/validation.js';
import { seedFolder } from '../../paths.js';
import { settingsProblem } from './checks.js';

export const defaultSettingsFile = path.join(seedFolder, 'settings.json');
/** The seed's certificate badges, stored at the first start when the settings name them. */
export const seedBadgesFolder = path.join(seedFolder, 'badges');

/** The environment's say in the first start's settings: the owner's identity. */
export const OWNER_SETTINGS_ENV = [
  'OWNER_NAME',
  'OWNER_EMAIL',
  'OWNER_GITHUB_URL',
  'OWNER_LINKEDIN_URL',
] as const;

const SOCIAL_ENV = { GitHub: 'OWNER_GITHUB_URL', LinkedIn: 'OWNER_LINKEDIN_URL' } as const;

const validate = bodyValidator(SiteSettingsInputSchema);

/** Checks a settings document as PUT /settings does; throws with the first problem. */
export function checkSettings(value: unknown, where: string): SiteSettingsInput {
  if (!validate(value)) {
    const [first] = validate.errors ?? [];
    throw new Error(
      `${where}: ${first ? describeValidationError(first as SchemaValidationError) : 'not valid'}`,
    );
  }
  const problem = settingsProblem(value as SiteSettingsInput);
  if (problem) throw new Error(`${where}: ${problem}`);
  return value as SiteSettingsInput;
}

/**
 * The first start's settings: the seed file, checked (a malformed file stops the server at
 * start, not at request time), with the owner's identity from `env` where it is set.
 */
export function defaultSettings(
  env: NodeJS.ProcessEnv = {},
  file = defaultSettingsFile,
): SiteSettingsInput {
  const seed = checkSettings(JSON.parse(fs.readFileSync(file, 'utf8')), file);
  const value = (name: (typeof OWNER_SETTINGS_ENV)[number]) => env[name]?.trim() || undefined;
  const social = [...seed.owner.social];
  for (const [label, name] of Object.entries(SOCIAL_ENV)) {
    const url = value(name);
    if (!url) continue;
    const at = social.findIndex((link) => link.label === label);
    if (at >= 0) social[at] = { label, url };
    else social.push({ label, url });
  }
  const settings: SiteSettingsInput = {
    ...seed,
    owner: {
      ...seed.owner,
      name: value('OWNER_NAME') ?? seed.owner.name,
      email: value('OWNER_EMAIL') ?? seed.owner.email,
      social,
    },
  };
  return checkSettings(settings, `The settings from ${OWNER_SETTINGS_ENV.join(', ')}`);
}
