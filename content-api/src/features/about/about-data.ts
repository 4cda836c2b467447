// The owner's about-page data, read from seed/about.json (the owner edits that file).
import fs from 'node:fs';
import type { AboutData } from '@portfolio/contract';
import path from 'node:path';
import { seedFolder } from '../../paths.js';

// The type is the API's contract (docs/decisions/052).
export type { AboutData };

export const defaultAboutFile = path.join(seedFolder, 'about.json');

function isString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Reads and checks the file; a malformed file stops the server at start, not at request time. */
export function loadAboutData(file = defaultAboutFile): AboutData {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AboutData>;
  const valid =
    isString(data.name) &&
    isString(data.title) &&
    Array.isArray(data.intro) &&
    data.intro.every(isString) &&
    Array.isArray(data.funFacts) &&
    data.funFacts.every((fact) => isString(fact?.label) && isString(fact?.value));
  if (!valid) {
    throw new Error(
      `${file} must hold { name, title, intro: string[], funFacts: [{ label, value }] } with non-empty strings.`,
    );
  }
  return {
    name: data.name as string,
    title: data.title as string,
    intro: data.intro as string[],
    funFacts: (data.funFacts as AboutData['funFacts']).map(({ label, value }) => ({
      label,
      value,
    })),
  };
}
