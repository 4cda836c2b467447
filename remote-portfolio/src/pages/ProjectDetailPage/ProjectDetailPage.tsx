import { Suspense } from 'react';
import type { ImageDisplay } from '@portfolio/contract';
import { Link } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import {
  breadcrumbJsonLd,
  contentCard,
  imagePreload,
  metaDescription,
} from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { useLoadInBrowser, usePageData } from '@portfolio/shared/page-data';
import { hostnameOf, publicationState } from '@portfolio/shared/format';
import type { Project } from '@portfolio/shared/types';
import { DraftNotice, ErrorMessage, ResponsiveImage, Spinner } from '@portfolio/shared/ui';
import {
  BACK_TO_PORTFOLIO,
  NEW_TAB_HINT,
  PORTFOLIO_DOCUMENT_TITLE,
  PORTFOLIO_PATH,
  PROJECT_LOAD_FAILED,
  PROJECT_LINK_LABEL,
  PROJECT_LOADING,
  PROJECT_SKILLS_HEADING,
  projectErrorText,
} from '../../texts';
import styles from './ProjectDetailPage.module.css';
import { SkillChips } from '../../features/skills/SkillChips';
import { loadProject } from '../../features/projects/project-states';
import type { ProjectState } from '../../features/projects/project-states';

/**
 * The project's image: the 52rem column less its padding (ProjectDetailPage.module.css). It is
 * the page's largest paint, preloaded from the head with the same value (docs/decisions/123).
 */
const PROJECT_IMAGE: ImageDisplay = {
  sizes: '(min-width: 52rem) 800px, calc(100vw - 2rem)',
  widest: 800,
};

export function loader({ params, request, context }: LoaderFunctionArgs) {
  return loadProject(params.id ?? '', { request, context });
}

/** A project: its title, description and generated card; a missing one is kept out of search. */
export const head: PageHead<typeof loader> = ({ data, site }) => {
  if (data?.status === 'loading') return { title: PROJECT_LOADING, noindex: true };
  if (data?.status !== 'loaded') {
    return { title: data?.message ?? PROJECT_LOAD_FAILED, noindex: true };
  }
  const { project } = data;
  const path = `/projects/${encodeURIComponent(project._id)}`;
  return {
    title: project.title,
    description: metaDescription(project.description),
    path,
    // An admin's preview of a draft is nobody else's page.
    noindex: publicationState(project).kind !== 'published',
    image: contentCard(site, 'projects', project),
    preloadImage: imagePreload(site, project, PROJECT_IMAGE),
    jsonLd: [
      breadcrumbJsonLd(site, [
        { name: site.siteName, path: '/' },
        { name: PORTFOLIO_DOCUMENT_TITLE, path: PORTFOLIO_PATH },
        { name: project.title, path },
      ]),
    ],
  };
};

export default function ProjectDetailPage() {
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={PORTFOLIO_PATH}>← {BACK_TO_PORTFOLIO}</Link>
      </p>
      <Suspense fallback={<Spinner label={PROJECT_LOADING} />}>
        <ProjectContent />
      </Suspense>
    </div>
  );
}

function ProjectContent() {
  const state = usePageData<ProjectState>();
  useLoadInBrowser(state.status === 'loading');

  if (state.status === 'loading') return <Spinner label={PROJECT_LOADING} />;
  if (state.status === 'loaded') return <ProjectDetail project={state.project} />;
  return (
    <ErrorMessage>
      <h1 className={styles.errorHeading}>{projectErrorText(state.message)}</h1>
    </ErrorMessage>
  );
}

function ProjectDetail({ project }: { project: Project }) {
  const hostname = project.link ? hostnameOf(project.link) : null;
  return (
    <article className={styles.project}>
      <DraftNotice state={publicationState(project)} />
      <h1 className={styles.title}>{project.title}</h1>
      <ResponsiveImage
        className={styles.image}
        imagePath={project.imagePath}
        image={project.image}
        display={PROJECT_IMAGE}
        alt={`Illustration for ${project.title}`}
        loading="priority"
        fallbackSize={{ width: 400, height: 240 }}
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
