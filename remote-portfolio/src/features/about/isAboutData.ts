import type { AboutData } from '@portfolio/shared/types';

const isString = (value: unknown): value is string => typeof value === 'string';

/** The API's answer is untrusted JSON: only an answer of the documented shape is shown. */
export function isAboutData(value: unknown): value is AboutData {
  if (typeof value !== 'object' || value === null) return false;
  const { name, title, intro, funFacts } = value as Record<string, unknown>;
  return (
    isString(name) &&
    isString(title) &&
    Array.isArray(intro) &&
    intro.every(isString) &&
    Array.isArray(funFacts) &&
    funFacts.every(
      (fact: unknown) =>
        typeof fact === 'object' &&
        fact !== null &&
        isString((fact as Record<string, unknown>).label) &&
        isString((fact as Record<string, unknown>).value),
    )
  );
}
