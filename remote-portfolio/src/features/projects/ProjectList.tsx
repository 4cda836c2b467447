import { Suspense } from 'react';
import { Link } from '@portfolio/shared/router';
import { usePageData } from '@portfolio/shared/page-data';
import { imageUrl } from '@portfolio/shared/api-client';
import { PROJECT_SNIPPET_LENGTH, truncateText } from '@portfolio/shared/format';
import type { Project } from '@portfolio/shared/types';
import { ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { PROJECTS_EMPTY, PROJECTS_LOAD_ERROR, PROJECTS_LOADING, projectPath } from '../../texts';
import { newestProjects } from './newest-projects';
import type { ProjectsState } from './project-states';
import styles from './ProjectList.module.css';

export interface ProjectListProps {
  /** Show only this many of the newest projects (home: 3). All of them when omitted. */
  limit?: number;
}

/**
 * Projects from the content API (the page's loader: loadProjects), newest first, with loading,
 * error and loaded states.
 */
export function ProjectList(props: ProjectListProps) {
  return (
    <Suspense fallback={<Spinner label={PROJECTS_LOADING} />}>
      <LoadedProjectList {...props} />
    </Suspense>
  );
}

function LoadedProjectList({ limit }: ProjectListProps) {
  const state = usePageData<ProjectsState>();
  if (state.status === 'error') return <ErrorMessage>{PROJECTS_LOAD_ERROR}</ErrorMessage>;
  const projects = newestProjects(state.projects, limit);
  if (projects.length === 0) return <p className={styles.empty}>{PROJECTS_EMPTY}</p>;
  return (
    <ul className={styles.grid}>
      {projects.map((project) => (
        <li key={project._id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

function ProjectCard({ project }: { project: Project }) {
  return (
    <article className={styles.card}>
      {/* Decorative here: the title right below names the project, and is the link. */}
      <img
        className={styles.image}
        src={imageUrl(project.imagePath)}
        alt=""
        width={400}
        height={240}
        loading="lazy"
        decoding="async"
      />
      <h3 className={styles.title}>
        <Link to={projectPath(project._id)} className={styles.link}>
          {project.title}
        </Link>
      </h3>
      <p className={styles.snippet}>{truncateText(project.description, PROJECT_SNIPPET_LENGTH)}</p>
    </article>
  );
}
