import { useEffect, useState } from 'react';
import { Link, useParams } from '@portfolio/shared/router';
import { ApiError, getProject, imageUrl } from '@portfolio/shared/api-client';
import { hostnameOf } from '@portfolio/shared/format';
import type { Project } from '@portfolio/shared/types';
import { ErrorMessage, Spinner } from '@portfolio/shared/ui';
import {
  BACK_TO_PORTFOLIO,
  NEW_TAB_HINT,
  PORTFOLIO_PATH,
  PROJECT_LINK_LABEL,
  PROJECT_LOADING,
  PROJECT_LOAD_FAILED,
  PROJECT_NOT_FOUND,
  PROJECT_SKILLS_HEADING,
  projectErrorText,
} from '../../texts';
import styles from './ProjectDetailPage.module.css';
import { SkillChips } from '../../features/skills/SkillChips';

type ProjectState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; project: Project };

type Settled = Exclude<ProjectState, { status: 'loading' }>;

function useProject(id: string | undefined): ProjectState {
  // The answer remembers which id it is for, so a new id reads as loading at once.
  const [answer, setAnswer] = useState<{ id: string; state: Settled } | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    getProject(id, { signal: controller.signal }).then(
      (project) => {
        if (!controller.signal.aborted) setAnswer({ id, state: { status: 'loaded', project } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec: any answer that is not ok means "Project not found". A request that never got
        // an answer (network down, timeout) is a different failure and says so.
        const message = error instanceof ApiError ? PROJECT_NOT_FOUND : PROJECT_LOAD_FAILED;
        setAnswer({ id, state: { status: 'error', message } });
      },
    );
    return () => controller.abort();
  }, [id]);
  if (!id) return { status: 'error', message: PROJECT_NOT_FOUND };
  return answer?.id === id ? answer.state : { status: 'loading' };
}

export default function ProjectDetailPage() {
  const { id } = useParams();
  const state = useProject(id);

  useEffect(() => {
    if (state.status === 'loaded') document.title = state.project.title;
    else if (state.status === 'error') document.title = state.message;
  }, [state]);

  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={PORTFOLIO_PATH}>← {BACK_TO_PORTFOLIO}</Link>
      </p>
      {state.status === 'loading' && <Spinner label={PROJECT_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          <h1 className={styles.errorHeading}>{projectErrorText(state.message)}</h1>
        </ErrorMessage>
      )}
      {state.status === 'loaded' && <ProjectDetail project={state.project} />}
    </div>
  );
}

function ProjectDetail({ project }: { project: Project }) {
  const hostname = project.link ? hostnameOf(project.link) : null;
  return (
    <article className={styles.project}>
      <h1 className={styles.title}>{project.title}</h1>
      <img
        className={styles.image}
        src={imageUrl(project.imagePath)}
        alt={`Illustration for ${project.title}`}
        width={400}
        height={240}
        fetchPriority="high"
      />
      <p className={styles.description}>{project.description}</p>
      {project.skills && project.skills.length > 0 && (
        <section aria-labelledby="project-skills">
          <h2 id="project-skills" className={styles.subheading}>
            {PROJECT_SKILLS_HEADING}
          </h2>
          <SkillChips skills={project.skills} />
        </section>
      )}
      {/* Only http(s) links become links: a javascript: or data: URL from the API never runs. */}
      {project.link && hostname && (
        <p className={styles.link}>
          {PROJECT_LINK_LABEL}{' '}
          <a href={project.link} target="_blank" rel="noopener noreferrer">
            {hostname}
            <span className="visually-hidden"> {NEW_TAB_HINT}</span>
          </a>
        </p>
      )}
    </article>
  );
}
