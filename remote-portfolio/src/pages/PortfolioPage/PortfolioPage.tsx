import { loaderRequestOptions } from '@portfolio/shared/page-data';
import { CERTIFICATIONS, EXPERIENCE, OWNER, SKILLS } from '../../content/owner';
import { CertificateGallery } from '../../features/certificates/CertificateGallery';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { breadcrumbJsonLd, metaDescription, personJsonLd } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { ProjectList } from '../../features/projects/ProjectList';
import { loadProjects } from '../../features/projects/project-states';
import {
  CERTIFICATIONS_HEADING,
  CONTACT_LINE_LABEL,
  EXPERIENCE_HEADING,
  NEW_TAB_HINT,
  PORTFOLIO_DOCUMENT_TITLE,
  PORTFOLIO_PATH,
  PROJECTS_HEADING,
  SKILLS_HEADING,
  SKILL_GROUP_HEADINGS,
  SUMMARY_HEADING,
} from '../../texts';
import styles from './PortfolioPage.module.css';
import { SkillChips } from '../../features/skills/SkillChips';

const SKILL_GROUPS = Object.keys(SKILL_GROUP_HEADINGS) as (keyof typeof SKILL_GROUP_HEADINGS)[];

export function loader(args: LoaderFunctionArgs) {
  return loadProjects(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = ({ site }) => ({
  title: PORTFOLIO_DOCUMENT_TITLE,
  description: metaDescription(OWNER.summary[0]),
  jsonLd: [
    personJsonLd(site, { jobTitle: OWNER.title }),
    breadcrumbJsonLd(site, [
      { name: site.siteName, path: '/' },
      { name: PORTFOLIO_DOCUMENT_TITLE, path: PORTFOLIO_PATH },
    ]),
  ],
});

export default function PortfolioPage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{OWNER.name}</h1>
        <p className={styles.subtitle}>{OWNER.title}</p>
        <ul className={styles.contactLine} aria-label={CONTACT_LINE_LABEL}>
          {OWNER.contact.map((link) => {
            const external = link.href.startsWith('http');
            return (
              <li key={link.href}>
                <a
                  href={link.href}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {link.label}
                  {external && <span className="visually-hidden"> {NEW_TAB_HINT}</span>}
                </a>
              </li>
            );
          })}
          <li>{OWNER.location}</li>
        </ul>
      </header>

      <section className={styles.section} aria-labelledby="portfolio-summary">
        <h2 id="portfolio-summary">{SUMMARY_HEADING}</h2>
        {OWNER.summary.map((paragraph) => (
          <p key={paragraph} className={styles.summary}>
            {paragraph}
          </p>
        ))}
      </section>

      <section className={styles.section} aria-labelledby="portfolio-certifications">
        <h2 id="portfolio-certifications">{CERTIFICATIONS_HEADING}</h2>
        <CertificateGallery certificates={CERTIFICATIONS} />
      </section>

      <section className={styles.section} aria-labelledby="portfolio-skills">
        <h2 id="portfolio-skills">{SKILLS_HEADING}</h2>
        <div className={styles.skillGroups}>
          {SKILL_GROUPS.map((group) => (
            <section key={group} className={styles.skillGroup} aria-labelledby={`skills-${group}`}>
              <h3 id={`skills-${group}`}>{SKILL_GROUP_HEADINGS[group]}</h3>
              <SkillChips skills={SKILLS[group]} />
            </section>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="portfolio-experience">
        <h2 id="portfolio-experience">{EXPERIENCE_HEADING}</h2>
        <ol className={styles.experience}>
          {EXPERIENCE.map((entry) => (
            <li key={`${entry.role}-${entry.organisation}`} className={styles.job}>
              <h3>{entry.role}</h3>
              <p className={styles.jobMeta}>
                {entry.organisation} · {entry.period}
              </p>
              <ul>
                {entry.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="portfolio-projects">
        <h2 id="portfolio-projects">{PROJECTS_HEADING}</h2>
        <ProjectList />
      </section>
    </div>
  );
}
