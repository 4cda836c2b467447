// Texts and constants of the portfolio remote (docs/product.md#home, #portfolio, #project-detail,
// #about, #contact).
// Pages and tests import them from here, so both always use the same words and numbers.
// What the owner says about themself is the site's settings (GET /settings, edited in the
// dashboard: docs/decisions/141), not here.
import { ContactInputSchema } from '@portfolio/contract';

// --- Home: hero typing animation (section 2 and 9) ---
/** The sentence the typed phrases end: "I help teams … Find Vulnerabilities". */
export const HERO_LEAD = 'I help teams';
export const TYPED_PHRASES = [
  'Find Vulnerabilities',
  'Mitigate Threats',
  'Secure Systems',
  'Protect Data',
] as const;
/** Typing and backspacing speed, in milliseconds per character. */
export const TYPE_SPEED_MS = 50;
export const BACK_SPEED_MS = 50;

// --- Home: sections ---
export const SERVICES_HEADING = 'Services';
export const ABOUT_TEASER_HEADING = 'About Me';
export const ABOUT_TEASER_LINK = 'More about me';
export const TESTIMONIALS_HEADING = 'Testimonials';
export const RECENT_PROJECTS_HEADING = 'Recent Projects';
export const ALL_PROJECTS_LINK = 'See all projects';
export const HOME_CONTACT_HEADING = 'Contact Me';
/** Home shows the 3 newest projects (section 9). */
export const HOME_PROJECT_COUNT = 3;

// --- Testimonial carousel (section 9) ---
export const CAROUSEL_AUTOPLAY_MS = 4000;
export const CAROUSEL_SPEED_MS = 500;
export const CAROUSEL_SLIDES_TO_SHOW = 1;
export const CAROUSEL_PAUSE_LABEL = 'Pause testimonials';
export const CAROUSEL_PLAY_LABEL = 'Play testimonials';
export const CAROUSEL_PREVIOUS_LABEL = 'Previous testimonial';
export const CAROUSEL_NEXT_LABEL = 'Next testimonial';
export const carouselDotLabel = (index: number, count: number) =>
  `Show testimonial ${index + 1} of ${count}`;

// --- Project lists (sections 4 and 8) ---
export const PROJECTS_LOADING = 'Loading projects...';
export const PROJECTS_LOAD_ERROR = 'Failed to load projects.';
export const PROJECTS_EMPTY = 'No projects yet.';
export const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

// --- Contact forms (sections 4, 5 and 8) ---
export const CONTACT_NAME_LABEL = 'Name';
export const CONTACT_EMAIL_LABEL = 'Email';
export const CONTACT_MESSAGE_LABEL = 'Message';
export const CONTACT_SUBMIT_LABEL = 'Send Message';
export const CONTACT_BUSY_LABEL = 'Sending...';
export const CONTACT_REQUIRED_ERROR = 'All fields are required.';
export const CONTACT_SUCCESS = 'Message sent successfully!';
/** Home form: any status but 201. */
export const HOME_CONTACT_FAILED = 'Failed to send message. Please try again.';
/** Home form: the request threw (network down, timeout). */
export const HOME_CONTACT_EXCEPTION = 'Something went wrong. Please try again.';
/** Contact page: a non-ok answer without a `message` of its own. */
export const CONTACT_PAGE_FAILED = 'Error sending message';
export const CONTACT_PAGE_EXCEPTION = 'Something went wrong. Try again later.';
/** The content API's limits, from its contract (docs/decisions/052), as the fields' maxLength. */
export const CONTACT_MAX_LENGTH = {
  name: ContactInputSchema.properties.name.maxLength,
  email: ContactInputSchema.properties.email.maxLength,
  message: ContactInputSchema.properties.message.maxLength,
};

// --- Contact page ---
export const CONTACT_PAGE_TITLE = 'Get in Touch';
export const CONTACT_PAGE_INTRO =
  'Have a security question, a project in mind or a finding to report? Send me a message and I will reply within two working days.';

// --- Portfolio page ---
export const PORTFOLIO_DOCUMENT_TITLE = 'Portfolio';
export const SUMMARY_HEADING = 'Professional Summary';
export const CERTIFICATIONS_HEADING = 'Certifications';
export const certificateOpenLabel = (title: string) => `View certificate: ${title}`;
export const CERTIFICATE_CLOSE_LABEL = 'Close certificate';
/** "Issued by Cloud Assurance Council, September 2021". */
export const certificateIssued = (issuer: string, when: string) => `Issued by ${issuer}, ${when}`;
export const VERIFY_CREDENTIAL_LABEL = 'Verify credential';
/** The link's accessible name: which credential it verifies. */
export const verifyCredentialName = (title: string) => `Verify credential: ${title}`;
export const SKILLS_HEADING = 'Skills';
export const EXPERIENCE_HEADING = 'Experience';
export const PROJECTS_HEADING = 'Projects';

// --- About page ---
export const ABOUT_DOCUMENT_TITLE = 'About';
export const ABOUT_HEADING = 'About Me';
export const FUN_FACTS_HEADING = 'Fun Facts';
export const ABOUT_PORTFOLIO_LINK = 'View my portfolio';
export const PORTFOLIO_PATH = '/portfolio';
export const ABOUT_PATH = '/about';

// --- Project detail (section 8) ---
export const PROJECT_LOADING = 'Loading project...';
/** Any non-ok answer to GET /projects/{id}. */
export const PROJECT_NOT_FOUND = 'Project not found';
/**
 * The request itself failed (network down, timeout): not the "not ok" case of
 * docs/product.md#project-detail.
 */
export const PROJECT_LOAD_FAILED = 'Could not load the project. Please try again later.';
/** The page shows 'Error: ' plus the message. */
export const projectErrorText = (message: string) => `Error: ${message}`;
export const PROJECT_SKILLS_HEADING = 'Skills Used';
export const PROJECT_LINK_LABEL = 'Project link:';
export const BACK_TO_PORTFOLIO = 'Back to portfolio';
export const NEW_TAB_HINT = '(opens in a new tab)';

// --- Home: hero ---
export const heroGreeting = (name: string) => `Hi, I'm ${name}`;
export const avatarAlt = (name: string) => `Portrait of ${name}`;
/** A page whose settings are on their way (a client navigation). */
export const PAGE_LOADING = 'Loading...';
export const HERO_PORTFOLIO_CTA = 'View Portfolio';
export const HERO_CONTACT_CTA = 'Get in Touch';
export const homeDocumentTitle = (name: string, title: string) => `${name} · ${title}`;
export const CONTACT_LINE_LABEL = 'Contact';
export const ABOUT_LOADING = 'Loading...';
export const CONTACT_DOCUMENT_TITLE = 'Contact';
export const CONTACT_DIRECT_EMAIL = 'Prefer e-mail? Write to';
