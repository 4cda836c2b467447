// The portfolio's page states, loaded by the pages' route loaders (docs/decisions/035): each
// call settles into a state of the page, never a rejection, so the server can render it.
import { ApiError, getProject, getProjects } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import {
  inBrowser,
  isUnknownItem,
  loadPublicOrDraft,
  loaderRequestOptions,
  notFound,
  reportLoadFailure,
  unavailable,
} from '@portfolio/shared/page-data';
import type { InBrowser, NotFound, Unavailable } from '@portfolio/shared/page-data';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { Project } from '@portfolio/shared/types';
import { PROJECT_LOAD_FAILED, PROJECT_NOT_FOUND } from '../../texts';

export type ProjectsState = Unavailable | { status: 'loaded'; projects: Project[] };

export type ProjectState =
  | (NotFound & { message: string })
  | (Unavailable & { message: string })
  /** An admin's draft, on the site's server: the browser loads it (docs/decisions/122). */
  | InBrowser
  | { status: 'loaded'; project: Project };

/** GET /projects. The client already rejects a non-array answer. */
export async function loadProjects(options: RequestOptions = {}): Promise<ProjectsState> {
  try {
    return { status: 'loaded', projects: await getProjects(options) };
  } catch (error) {
    reportLoadFailure(options, 'Could not load the projects', error);
    return unavailable();
  }
}

/**
 * GET /projects/:id. Any answer that is not ok means "Project not found" (a 404 or a 400, an id
 * the API refuses, is also the page's HTTP status); a request that never got an answer (network down, timeout) is a
 * different failure and says so. An admin also gets a draft or a scheduled project.
 */
export async function loadProject(
  id: string,
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
): Promise<ProjectState> {
  if (!id) return notFound({ message: PROJECT_NOT_FOUND });
  try {
    const project = await loadPublicOrDraft({ request, context }, (options) =>
      getProject(id, options),
    );
    return project === 'in-browser' ? inBrowser() : { status: 'loaded', project };
  } catch (error) {
    // An id the API does not know (404) or refuses (400): the 404 page, never loaded again.
    if (isUnknownItem(error)) return notFound({ message: PROJECT_NOT_FOUND });
    reportLoadFailure(
      loaderRequestOptions({ request, context }),
      'Could not load a project',
      error,
    );
    if (error instanceof ApiError) return unavailable({ message: PROJECT_NOT_FOUND });
    return unavailable({ message: PROJECT_LOAD_FAILED });
  }
}
