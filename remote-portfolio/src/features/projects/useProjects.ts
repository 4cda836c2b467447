import { useEffect, useState } from 'react';
import { getProjects } from '@portfolio/shared/api-client';
import type { Project } from '@portfolio/shared/types';

export type ProjectsState =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; projects: Project[] };

/** GET /projects, as the list's three states. The client already rejects a non-array answer. */
export function useProjects(): ProjectsState {
  const [state, setState] = useState<ProjectsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getProjects({ signal: controller.signal }).then(
      (projects) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', projects });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
