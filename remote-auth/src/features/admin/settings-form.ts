// The Settings tab's form values (docs/decisions/141): the settings as the owner types them
// (paragraphs separated by empty lines, skills by commas, highlights one per line), and back to
// the document PUT /settings takes. What the schema refuses, the API says in its message.
import type { SiteSettings, SiteSettingsInput } from '@portfolio/shared/api-client';

export interface SettingsValues {
  name: string;
  jobTitle: string;
  email: string;
  location: string;
  social: { label: string; url: string }[];
  intro: string;
  funFacts: { label: string; value: string }[];
  heroIntro: string;
  aboutTeaser: string;
  summary: string;
  certifications: {
    title: string;
    issuer: string;
    date: string;
    credentialUrl: string;
    image: string;
  }[];
  skillGroups: { name: string; skills: string }[];
  experience: { role: string; organisation: string; period: string; highlights: string }[];
  testimonials: { quote: string; name: string; role: string }[];
  services: { title: string; description: string }[];
  accent: string;
  accentStrong: string;
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const commaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function settingsValues(settings: SiteSettings): SettingsValues {
  const { owner, about, portfolio, theme } = settings;
  return {
    name: owner.name,
    jobTitle: owner.jobTitle,
    email: owner.email,
    location: owner.location ?? '',
    social: owner.social.map(({ label, url }) => ({ label, url })),
    intro: about.intro.join('\n\n'),
    funFacts: about.funFacts.map(({ label, value }) => ({ label, value })),
    heroIntro: portfolio.heroIntro,
    aboutTeaser: portfolio.aboutTeaser,
    summary: portfolio.summary.join('\n\n'),
    certifications: portfolio.certifications.map((certification) => ({
      title: certification.title,
      issuer: certification.issuer,
      date: certification.date,
      credentialUrl: certification.credentialUrl ?? '',
      image: certification.image ?? '',
    })),
    skillGroups: portfolio.skillGroups.map((group) => ({
      name: group.name,
      skills: group.skills.join(', '),
    })),
    experience: portfolio.experience.map((entry) => ({
      role: entry.role,
      organisation: entry.organisation,
      period: entry.period,
      highlights: entry.highlights.join('\n'),
    })),
    testimonials: portfolio.testimonials.map(({ quote, name, role }) => ({ quote, name, role })),
    services: portfolio.services.map(({ title, description }) => ({ title, description })),
    accent: theme.accent,
    accentStrong: theme.accentStrong,
  };
}

/** The document to save: text trimmed, empty optional fields left out. */
export function settingsInput(values: SettingsValues): SiteSettingsInput {
  const trim = (text: string) => text.trim();
  return {
    owner: {
      name: trim(values.name),
      jobTitle: trim(values.jobTitle),
      email: trim(values.email),
      ...(trim(values.location) && { location: trim(values.location) }),
      social: values.social.map((link) => ({ label: trim(link.label), url: trim(link.url) })),
    },
    about: {
      intro: paragraphs(values.intro),
      funFacts: values.funFacts.map((fact) => ({
        label: trim(fact.label),
        value: trim(fact.value),
      })),
    },
    portfolio: {
      heroIntro: trim(values.heroIntro),
      aboutTeaser: trim(values.aboutTeaser),
      summary: paragraphs(values.summary),
      certifications: values.certifications.map((certification) => ({
        title: trim(certification.title),
        issuer: trim(certification.issuer),
        date: trim(certification.date),
        ...(trim(certification.credentialUrl) && {
          credentialUrl: trim(certification.credentialUrl),
        }),
        ...(trim(certification.image) && { image: trim(certification.image) }),
      })),
      skillGroups: values.skillGroups.map((group) => ({
        name: trim(group.name),
        skills: commaList(group.skills),
      })),
      experience: values.experience.map((entry) => ({
        role: trim(entry.role),
        organisation: trim(entry.organisation),
        period: trim(entry.period),
        highlights: lines(entry.highlights),
      })),
      testimonials: values.testimonials.map((testimonial) => ({
        quote: trim(testimonial.quote),
        name: trim(testimonial.name),
        role: trim(testimonial.role),
      })),
      services: values.services.map((service) => ({
        title: trim(service.title),
        description: trim(service.description),
      })),
    },
    theme: {
      accent: trim(values.accent).toLowerCase(),
      accentStrong: trim(values.accentStrong).toLowerCase(),
    },
  };
}
