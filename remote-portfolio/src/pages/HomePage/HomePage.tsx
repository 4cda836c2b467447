import { Suspense } from 'react';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import { Link } from '@portfolio/shared/router';
import { Spinner } from '@portfolio/shared/ui';
import avatar from '../../assets/avatar.svg?picture';
import { Island } from '@portfolio/shared/island';
import { HomeContactForm } from '../../features/contact/ContactForms';
import { TypedPhrases } from '../../features/hero/TypedPhrases';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { metaDescription, personJsonLd } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { ProjectList } from '../../features/projects/ProjectList';
import { headOwner, loadSettingsAndProjects } from '../../features/settings/site-settings';
import type { SettingsAndProjects } from '../../features/settings/site-settings';
import { DeferredTestimonialCarousel } from '../../features/testimonials/DeferredTestimonialCarousel';
import {
  ABOUT_TEASER_HEADING,
  ABOUT_TEASER_LINK,
  ALL_PROJECTS_LINK,
  BACK_SPEED_MS,
  HERO_CONTACT_CTA,
  HERO_PORTFOLIO_CTA,
  HOME_CONTACT_HEADING,
  HERO_LEAD,
  HOME_PROJECT_COUNT,
  PAGE_LOADING,
  PORTFOLIO_PATH,
  RECENT_PROJECTS_HEADING,
  SERVICES_HEADING,
  TESTIMONIALS_HEADING,
  TYPED_PHRASES,
  TYPE_SPEED_MS,
  avatarAlt,
  heroGreeting,
  homeDocumentTitle,
} from '../../texts';
import styles from './HomePage.module.css';

/** The owner's settings (docs/decisions/141) and the newest projects. */
export function loader(args: LoaderFunctionArgs) {
  return loadSettingsAndProjects(loaderRequestOptions(args));
}

/** The home page's head: the owner, as a Person with their profile links (docs/decisions/060). */
export const head: PageHead<typeof loader> = ({ data, site }) => {
  const owner = headOwner(data, site);
  return {
    title: owner.jobTitle ? homeDocumentTitle(owner.name, owner.jobTitle) : owner.name,
    description: metaDescription(data?.settings.portfolio.heroIntro),
    jsonLd: [personJsonLd(site, owner.jobTitle ? { jobTitle: owner.jobTitle } : {})],
  };
};

export default function HomePage() {
  return (
    <Suspense fallback={<Spinner label={PAGE_LOADING} />}>
      <Home />
    </Suspense>
  );
}

function Home() {
  const { owner, portfolio } = usePageData<SettingsAndProjects>().settings;
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-hero">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{owner.jobTitle}</p>
          <h1 id="home-hero" className={styles.heroTitle}>
            {heroGreeting(owner.name)}
          </h1>
          <div className={styles.typedLine}>
            <p className={styles.lead}>{HERO_LEAD}</p>
            <Island
              owner="portfolio"
              name="TypedPhrases"
              when="load"
              script
              component={TypedPhrases}
              props={{
                phrases: TYPED_PHRASES,
                typeSpeedMs: TYPE_SPEED_MS,
                backSpeedMs: BACK_SPEED_MS,
                className: styles.phrases ?? '',
              }}
            />
          </div>
          <p className={styles.intro}>{portfolio.heroIntro}</p>
          <div className={styles.actions}>
            <Link className={styles.primaryAction} to={PORTFOLIO_PATH}>
              {HERO_PORTFOLIO_CTA}
            </Link>
            <Link className={styles.secondaryAction} to="/contact">
              {HERO_CONTACT_CTA}
            </Link>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-services">
        <h2 id="home-services">{SERVICES_HEADING}</h2>
        <ul className={styles.services}>
          {portfolio.services.map((service) => (
            <li key={service.title} className={styles.service}>
              <h3>{service.title}</h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="home-about">
        <div className={styles.about}>
          <img
            className={styles.avatar}
            src={avatar.src}
            srcSet={avatar.srcSet}
            // .avatar in HomePage.module.css
            sizes="10rem"
            alt={avatarAlt(owner.name)}
            width={avatar.width}
            height={avatar.height}
            loading="lazy"
            decoding="async"
          />
          <div>
            <h2 id="home-about">{ABOUT_TEASER_HEADING}</h2>
            <p>{portfolio.aboutTeaser}</p>
            <Link to="/about">{ABOUT_TEASER_LINK}</Link>
          </div>
        </div>
      </section>

      {/* Not labelled itself: the carousel inside is the labelled region. */}
      <section className={styles.section}>
        <h2 id="home-testimonials">{TESTIMONIALS_HEADING}</h2>
        <Island
          owner="portfolio"
          name="TestimonialCarousel"
          when="visible"
          component={DeferredTestimonialCarousel}
          props={{ testimonials: portfolio.testimonials, labelledBy: 'home-testimonials' }}
        />
      </section>

      <section className={styles.section} aria-labelledby="home-projects">
        <h2 id="home-projects">{RECENT_PROJECTS_HEADING}</h2>
        <ProjectList limit={HOME_PROJECT_COUNT} />
        <p>
          <Link to={PORTFOLIO_PATH}>{ALL_PROJECTS_LINK}</Link>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="home-contact">
        <h2 id="home-contact">{HOME_CONTACT_HEADING}</h2>
        <Island
          owner="portfolio"
          name="HomeContactForm"
          when="visible"
          component={HomeContactForm}
          props={{ labelledBy: 'home-contact' }}
        />
      </section>
    </div>
  );
}
