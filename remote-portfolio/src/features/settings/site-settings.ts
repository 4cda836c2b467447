// What the owner says about themself: the site's settings (docs/decisions/141), edited in the
// dashboard and read by every page's loader (GET /settings), never constants of this remote.
// When the API does not answer, the pages show the seed's settings as the first start stored
// them (content-api/seed/settings.json, built into a chunk of its own that only such a page
// loads), and say that their data could not be had: they load it again by themselves
// (docs/decisions/116) and are never kept.
import { getSiteSettings } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { reportLoadFailure, unavailable } from '@portfolio/shared/page-data';
import type { Unavailable } from '@portfolio/shared/page-data';
import type { SiteContext } from '@portfolio/shared/head';
import type { SiteSettings } from '@portfolio/shared/types';
import { loadProjects } from '../projects/project-states';
import type { ProjectsState } from '../projects/project-states';

/** The seed's settings: shown while the API cannot be reached. */
export async function builtInSettings(): Promise<SiteSettings> {
  const { default: seed } = await import(
    /* webpackChunkName: "seed-settings" */ '@portfolio/content-api/seed/settings.json'
  );
  return { ...(seed as Omit<SiteSettings, 'updatedAt'>), updatedAt: '1970-01-01T00:00:00.000Z' };
}

/** A page's settings: the API's, or the built-in ones (then the page's state is unavailable). */
export type SettingsState =
  { status: 'loaded'; settings: SiteSettings } | (Unavailable & { settings: SiteSettings });

/** GET /settings, or the built-in settings when the API does not give them. */
export async function loadSettings(options: RequestOptions = {}): Promise<SettingsState> {
  try {
    return { status: 'loaded', settings: await getSiteSettings(options) };
  } catch (error) {
    reportLoadFailure(options, 'Could not load the site settings', error);
    return unavailable({ settings: await builtInSettings() });
  }
}

/**
 * The state of a page that shows the owner's settings and the projects (home, portfolio):
 * unavailable as a whole when either part is, so the page loads both again by itself and is not
 * kept, while it shows what it has (the projects' own state says whether they came).
 */
export type SettingsAndProjects = {
  status: 'loaded' | 'error';
  settings: SiteSettings;
  projects: ProjectsState;
};

export async function loadSettingsAndProjects(
  options: RequestOptions = {},
): Promise<SettingsAndProjects> {
  const [settings, projects] = await Promise.all([loadSettings(options), loadProjects(options)]);
  const failed = settings.status === 'error' || projects.status === 'error';
  return { status: failed ? 'error' : 'loaded', settings: settings.settings, projects };
}

/**
 * The owner a page's head names: its settings', or (no data: the page was left to the browser)
 * the site's, as the site's server read them.
 */
export function headOwner(
  data: { settings: SiteSettings } | null,
  site: SiteContext,
): { name: string; jobTitle: string | undefined } {
  return data
    ? { name: data.settings.owner.name, jobTitle: data.settings.owner.jobTitle }
    : { name: site.siteName, jobTitle: site.jobTitle };
}
