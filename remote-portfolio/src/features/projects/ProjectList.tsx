import { Suspense } from 'react';
import type { ImageDisplay } from '@portfolio/contract';
import { Link } from '@portfolio/shared/router';
import { usePageData } from '@portfolio/shared/page-data';
import { PROJECT_SNIPPET_LENGTH, truncateText } from '@portfolio/shared/format';
import type { Project } from '@portfolio/shared/types';
import { ErrorMessage, ResponsiveImage, Spinner } from '@portfolio/shared/ui';
import { PROJECTS_EMPTY, PROJECTS_LOAD_ERROR, PROJECTS_LOADING, projectPath } from '../../texts';
import { newestProjects } from './newest-projects';
import type { ProjectsState } from './project-states';
import styles from './ProjectList.module.css';

/**
 * How wide a card's image is (ProjectList.module.css): a column of the 72rem page's grid (one,
 * two or three) less the card's padding and border (docs/decisions/123); the widest, the one
 * column just under 39.5rem (632 less 66 pixels).
 */
const CARD_IMAGE: ImageDisplay = {
  sizes:
    '(min-width: 74rem) 323px, (min-width: 59rem) calc(33.3vw - 61px), (min-width: 39.5rem) calc(50vw - 62px), calc(100vw - 66px)',
  widest: 566,
};

export interface ProjectListProps {
  /** Show only this many of the newest projects (home: 3). All of them when omitted. */
  limit?: number;
}

/**
 * Projects from the content API (the page's loader: loadSettingsAndProjects, whose `projects`
 * it reads), newest first, with loading, error and loaded states.
 */
export function ProjectList(props: ProjectListProps) {
  return (
    <Suspense fallback={<Spinner label={PROJECTS_LOADING} />}>
      <LoadedProjectList {...props} />
    </Suspense>
  );
}

function LoadedProjectList({ limit }: ProjectListProps) {
  const state = usePageData<{ projects: ProjectsState }>().projects;
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
      <ResponsiveImage
        className={styles.image}
        imagePath={project.imagePath}
        image={project.image}
        display={CARD_IMAGE}
        alt=""
        // Below the fold on the home page and the portfolio alike.
        loading="lazy"
        fallbackSize={{ width: 400, height: 240 }}
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
