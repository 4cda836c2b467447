import type { Project } from '@portfolio/shared/types';

function createdTime(project: Project): number {
  const time = Date.parse(project.createdAt);
  // A record with an unreadable date sorts last instead of breaking the order of the others.
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** The projects sorted by createdAt, newest first; the first `limit` of them when given. */
export function newestProjects(projects: readonly Project[], limit?: number): Project[] {
  const sorted = [...projects].sort((a, b) => createdTime(b) - createdTime(a));
  return limit === undefined ? sorted : sorted.slice(0, limit);
}
