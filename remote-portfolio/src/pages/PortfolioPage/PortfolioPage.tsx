import { Suspense } from 'react';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { breadcrumbJsonLd, metaDescription, personJsonLd } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { Spinner } from '@portfolio/shared/ui';
import { Island } from '@portfolio/shared/island';
import { CertificateGallery } from '../../features/certificates/CertificateGallery';
import { ProjectList } from '../../features/projects/ProjectList';
import { headOwner, loadSettingsAndProjects } from '../../features/settings/site-settings';
import type { SettingsAndProjects } from '../../features/settings/site-settings';
import { SkillChips } from '../../features/skills/SkillChips';
import {
  CERTIFICATIONS_HEADING,
  CONTACT_LINE_LABEL,
  EXPERIENCE_HEADING,
  NEW_TAB_HINT,
  PAGE_LOADING,
  PORTFOLIO_DOCUMENT_TITLE,
  PORTFOLIO_PATH,
  PROJECTS_HEADING,
  SKILLS_HEADING,
  SUMMARY_HEADING,
} from '../../texts';
import styles from './PortfolioPage.module.css';

/** The owner's settings (docs/decisions/141) and every project. */
export function loader(args: LoaderFunctionArgs) {
  return loadSettingsAndProjects(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = ({ data, site }) => {
  const owner = headOwner(data, site);
  return {
    title: PORTFOLIO_DOCUMENT_TITLE,
    description: metaDescription(data?.settings.portfolio.summary[0]),
    jsonLd: [
      personJsonLd(site, owner.jobTitle ? { jobTitle: owner.jobTitle } : {}),
      breadcrumbJsonLd(site, [
        { name: site.siteName, path: '/' },
        { name: PORTFOLIO_DOCUMENT_TITLE, path: PORTFOLIO_PATH },
      ]),
    ],
  };
};

export default function PortfolioPage() {
  return (
    <Suspense fallback={<Spinner label={PAGE_LOADING} />}>
      <Portfolio />
    </Suspense>
  );
}

function Portfolio() {
  const { owner, portfolio } = usePageData<SettingsAndProjects>().settings;
  const contact = [
    { label: owner.email, href: `mailto:${owner.email}` },
    ...owner.social.map((link) => ({ label: link.label, href: link.url })),
  ];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{owner.name}</h1>
        <p className={styles.subtitle}>{owner.jobTitle}</p>
        <ul className={styles.contactLine} aria-label={CONTACT_LINE_LABEL}>
          {contact.map((link) => {
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
          {owner.location && <li>{owner.location}</li>}
        </ul>
      </header>

      <section className={styles.section} aria-labelledby="portfolio-summary">
        <h2 id="portfolio-summary">{SUMMARY_HEADING}</h2>
        {portfolio.summary.map((paragraph) => (
          <p key={paragraph} className={styles.summary}>
            {paragraph}
          </p>
        ))}
      </section>

      {portfolio.certifications.length > 0 && (
        <section className={styles.section} aria-labelledby="portfolio-certifications">
          <h2 id="portfolio-certifications">{CERTIFICATIONS_HEADING}</h2>
          <Island
            owner="portfolio"
            name="CertificateGallery"
            when="interaction"
            component={CertificateGallery}
            props={{ certificates: portfolio.certifications }}
          />
        </section>
      )}

      {portfolio.skillGroups.length > 0 && (
        <section className={styles.section} aria-labelledby="portfolio-skills">
          <h2 id="portfolio-skills">{SKILLS_HEADING}</h2>
          <div className={styles.skillGroups}>
            {portfolio.skillGroups.map((group, index) => (
              <section
                key={`${index}-${group.name}`}
                className={styles.skillGroup}
                aria-labelledby={`skills-${index}`}
              >
                <h3 id={`skills-${index}`}>{group.name}</h3>
                <SkillChips skills={group.skills} />
              </section>
            ))}
          </div>
        </section>
      )}

      {portfolio.experience.length > 0 && (
        <section className={styles.section} aria-labelledby="portfolio-experience">
          <h2 id="portfolio-experience">{EXPERIENCE_HEADING}</h2>
          <ol className={styles.experience}>
            {portfolio.experience.map((entry, index) => (
              <li key={`${index}-${entry.role}-${entry.organisation}`} className={styles.job}>
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
      )}

      <section className={styles.section} aria-labelledby="portfolio-projects">
        <h2 id="portfolio-projects">{PROJECTS_HEADING}</h2>
        <ProjectList />
      </section>
    </div>
  );
}
