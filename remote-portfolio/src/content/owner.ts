/*
 * ─── OWNER CONTENT: edit this file to make the site yours ───────────────────────────────────
 *
 * Everything the portfolio pages say about their owner lives here: name, title, contact line,
 * summary, certifications, skills, experience, testimonials, services and the about text.
 * The components only read these values, so changing this file (and the images it imports
 * from ../assets/) is all a new owner needs to do. Keep six certifications, two experience
 * entries, three testimonials and three services: the counts of docs/product.md#limits-and-formats.
 *
 * Not here: projects (served by the content API, GET /projects) and the navbar brand and
 * footer e-mail (runtime config: OWNER_NAME, OWNER_EMAIL; see platform/src/runtime-config.ts).
 *
 * The person below, Alex Morgan, and the companies are fictional placeholders.
 */
import type { AboutData, Certificate } from '@portfolio/shared/types';
import aboutSeed from '../../../content-api/seed/about.json';
import avatar from '../assets/avatar.svg';
import certPenetrationTesting from '../assets/cert-penetration-testing.svg';
import certCloudSecurity from '../assets/cert-cloud-security.svg';
import certIncidentResponse from '../assets/cert-incident-response.svg';
import certSecureDevelopment from '../assets/cert-secure-development.svg';
import certNetworkDefense from '../assets/cert-network-defense.svg';
import certDigitalForensics from '../assets/cert-digital-forensics.svg';

export interface ContactLink {
  label: string;
  /** mailto:, https: or tel: address. */
  href: string;
}

export interface Owner {
  name: string;
  /** The job title, shown under the name. */
  title: string;
  /** Home hero: the sentence before the typed phrases ("I help teams … Find Vulnerabilities"). */
  heroLead: string;
  heroIntro: string;
  avatar: string;
  location: string;
  /** The portfolio header's contact line. */
  contact: ContactLink[];
  /** The portfolio's professional summary. */
  summary: string[];
  /** The home page's short about teaser. */
  aboutTeaser: string;
}

export const OWNER: Owner = {
  name: 'Alex Morgan',
  title: 'Security Engineer',
  heroLead: 'I help teams',
  heroIntro:
    'Penetration tester turned security engineer. I break systems on purpose, explain what I found in plain language, and help the people who build them make the fix stick.',
  avatar,
  location: 'Remote · Portland, OR',
  contact: [
    { label: 'alex.morgan@example.com', href: 'mailto:alex.morgan@example.com' },
    { label: 'GitHub', href: 'https://github.com/' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
  summary: [
    'Security engineer with eight years of offensive and defensive work across fintech, healthcare and SaaS. I lead application and cloud penetration tests, run incident response when things go wrong, and build the tooling that keeps the same bug from shipping twice.',
    'I care about findings that get fixed: clear reports ranked by real risk, reproducible proofs of concept, and pull requests instead of PDFs whenever I can.',
  ],
  aboutTeaser:
    'I started out taking apart home routers and never stopped asking how things fail. Today I spend my days thinking like an attacker so that the teams I work with do not have to learn the hard way.',
};

/** Six certification cards; clicking one opens its image. Images are in ../assets/. */
export const CERTIFICATIONS: readonly Certificate[] = [
  { id: 1, image: certPenetrationTesting, title: 'Penetration Testing Professional' },
  { id: 2, image: certCloudSecurity, title: 'Cloud Security Engineer' },
  { id: 3, image: certIncidentResponse, title: 'Incident Response Handler' },
  { id: 4, image: certSecureDevelopment, title: 'Secure Software Developer' },
  { id: 5, image: certNetworkDefense, title: 'Network Defense Analyst' },
  { id: 6, image: certDigitalForensics, title: 'Digital Forensics Practitioner' },
];

/** The four skill groups, in the order the portfolio shows them. */
export const SKILLS = {
  tools: ['Burp Suite', 'Nmap', 'Wireshark', 'Metasploit', 'Ghidra', 'Splunk', 'Terraform'],
  operatingSystems: ['Kali Linux', 'Ubuntu Server', 'Windows Server', 'macOS'],
  programmingLanguages: ['Python', 'Go', 'TypeScript', 'Bash', 'C'],
  securityFrameworks: ['OWASP ASVS', 'MITRE ATT&CK', 'NIST CSF', 'CIS Controls', 'ISO/IEC 27001'],
} as const satisfies Record<string, readonly string[]>;

export interface ExperienceEntry {
  role: string;
  organisation: string;
  period: string;
  highlights: string[];
}

export const EXPERIENCE: readonly ExperienceEntry[] = [
  {
    role: 'Senior Security Engineer',
    organisation: 'Harborline Payments',
    period: '2021 – Present',
    highlights: [
      'Lead web, API and cloud penetration tests for a payments platform handling millions of transactions a day.',
      'Built a CI security gate (SAST, dependency and secret scanning) that cut critical findings in new code by 70%.',
      'Run the incident response rotation and wrote the playbooks it follows.',
    ],
  },
  {
    role: 'Penetration Tester',
    organisation: 'Redoak Security Partners',
    period: '2017 – 2021',
    highlights: [
      'Delivered more than 120 assessments for clients in healthcare, retail and the public sector.',
      'Specialised in Active Directory attack paths and internal network segmentation reviews.',
      'Mentored four junior testers and ran the internal capture-the-flag programme.',
    ],
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Alex found issues three previous audits had missed, and explained each one so clearly that our developers fixed most of them the same week.',
    name: 'Priya Natarajan',
    role: 'CTO, Lumen Health',
  },
  {
    quote:
      'When we had a live incident on a Friday night, Alex kept everyone calm, contained it within hours and left us with a plan we still use.',
    name: 'Marcus Bell',
    role: 'Head of Engineering, Fieldstone Retail',
  },
  {
    quote:
      'The best security review we have had: practical, prioritised and delivered as pull requests instead of a hundred-page PDF.',
    name: 'Sofia Lindqvist',
    role: 'Engineering Manager, Brightwave Labs',
  },
];

export interface Service {
  title: string;
  description: string;
}

export const SERVICES: readonly Service[] = [
  {
    title: 'Vulnerability Assessment',
    description:
      'Web, API, cloud and network testing that finds the weaknesses an attacker would use first, ranked by real business risk.',
  },
  {
    title: 'Incident Response',
    description:
      'Fast, calm help when something goes wrong: containment, investigation and a clear account of what happened and why.',
  },
  {
    title: 'Secure Development',
    description:
      'Threat modelling, code review and CI guard rails so that security is built into your software instead of bolted on.',
  },
];

/**
 * The about page's built-in text, shown when GET /about-data does not answer: the very file the
 * API serves (content-api/seed/about.json, docs/decisions/015), bundled at build time, so the page
 * says the same thing with or without the API (issue 16).
 */
export const ABOUT: AboutData = aboutSeed;
