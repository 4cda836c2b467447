// What the schema cannot say about a settings document: that its accent colours are readable on
// the site's dark surfaces (docs/decisions/141). The images it names are checked where they are
// stored (routes.ts).
import { accentProblem } from '@portfolio/contract';
import type { SiteSettingsInput } from '@portfolio/contract';

/** The first problem of a settings document the schema accepted, or null. */
export function settingsProblem(settings: SiteSettingsInput): string | null {
  return (
    accentProblem('Theme.accent', settings.theme.accent) ??
    accentProblem('Theme.accentStrong', settings.theme.accentStrong)
  );
}

/** The stored images a settings document names (certificate badges), as `/images/<name>`. */
export function settingsImages(settings: SiteSettingsInput): string[] {
  return [
    ...new Set(
      settings.portfolio.certifications.flatMap((certification) =>
        certification.image ? [certification.image] : [],
      ),
    ),
  ];
}
