// Texts of the dashboard's Settings tab (docs/decisions/141): the site's settings, edited in
// sections. Pages, tests and the browser specs import them from here.
export const TAB_SETTINGS = 'Settings';
export const SETTINGS_HEADING = 'Site settings';
export const SETTINGS_INTRO =
  'What every page, the preview cards, the feed and search engines say about you. A change is live on the next page load: no rebuild, no restart.';
export const SETTINGS_LOADING = 'Loading the settings...';
export const SETTINGS_LOAD_ERROR = 'The settings could not be loaded.';
export const SETTINGS_SAVE_LABEL = 'Save settings';
export const SETTINGS_SAVE_BUSY = 'Saving...';
export const SETTINGS_SAVED = 'Settings saved: the site shows them from the next page load.';
export const SETTINGS_SAVE_ERROR = 'The settings could not be saved. Please try again.';
export const SETTINGS_UNDO_LABEL = 'Undo changes';
export const SETTINGS_SECTIONS_LABEL = 'Sections';
export const settingsKeptKey = 'settings';

// --- Sections ---
export const SECTION_OWNER = 'You';
export const SECTION_ABOUT = 'About page';
export const SECTION_HOME = 'Home page and summary';
export const SECTION_CERTIFICATIONS = 'Certifications';
export const SECTION_SKILLS = 'Skills';
export const SECTION_EXPERIENCE = 'Experience';
export const SECTION_TESTIMONIALS = 'Testimonials';
export const SECTION_SERVICES = 'Services';
export const SECTION_THEME = 'Theme';

// --- You ---
export const OWNER_NAME_LABEL = 'Your name';
export const OWNER_NAME_HINT = 'In the navbar, the footer, every page title and the preview cards.';
export const JOB_TITLE_LABEL = 'Job title';
export const OWNER_EMAIL_LABEL = 'E-mail address';
export const OWNER_EMAIL_HINT = 'Shown in the footer and on the contact page.';
export const LOCATION_LABEL = 'Location (optional)';
export const SOCIAL_LINKS_LABEL = 'Profile links';
export const SOCIAL_LINK_ITEM = 'Profile link';
export const LINK_LABEL_LABEL = 'Label';
export const LINK_URL_LABEL = 'Address (https://…)';

// --- About page ---
export const INTRO_LABEL = 'Introduction';
export const PARAGRAPHS_HINT = 'One paragraph each, separated by an empty line.';
export const FUN_FACTS_LABEL = 'Fun facts';
export const FUN_FACT_ITEM = 'Fun fact';
export const FACT_LABEL_LABEL = 'Label';
export const FACT_VALUE_LABEL = 'Value';

// --- Home page and summary ---
export const HERO_INTRO_LABEL = 'Home page introduction';
export const ABOUT_TEASER_LABEL = 'Home page “About Me”';
export const SUMMARY_LABEL = 'Professional summary (portfolio)';

// --- Certifications ---
export const CERTIFICATION_ITEM = 'Certification';
export const CERTIFICATION_TITLE_LABEL = 'Title';
export const ISSUER_LABEL = 'Issuer';
export const ISSUED_LABEL = 'Issued (month)';
export const ISSUED_HINT = 'Year and month, such as 2024-03.';
export const CREDENTIAL_URL_LABEL = 'Credential link (optional)';
export const CREDENTIAL_URL_HINT =
  'Where anyone can verify it, such as the issuer’s credential page.';

// --- Skills, experience, testimonials, services ---
export const SKILL_GROUP_ITEM = 'Skill group';
export const SKILL_GROUP_NAME_LABEL = 'Group';
export const SKILLS_LABEL = 'Skills (comma separated)';
export const EXPERIENCE_ITEM = 'Position';
export const ROLE_LABEL = 'Role';
export const ORGANISATION_LABEL = 'Organisation';
export const PERIOD_LABEL = 'Period';
export const PERIOD_HINT = 'As it is shown, such as 2021 – Present.';
export const HIGHLIGHTS_LABEL = 'Highlights (one per line)';
export const TESTIMONIAL_ITEM = 'Testimonial';
export const QUOTE_LABEL = 'Quote';
export const PERSON_LABEL = 'Name';
export const PERSON_ROLE_LABEL = 'Role and company';
export const SERVICE_ITEM = 'Service';
export const SERVICE_TITLE_LABEL = 'Title';
export const SERVICE_DESCRIPTION_LABEL = 'Description';

// --- Lists ---
/** "Add certification". */
export const addItemLabel = (item: string) => `Add ${item.toLowerCase()}`;
/** "Remove certification 2", "Move certification 2 up": each names its item. */
export const removeItemLabel = (item: string, position: number) =>
  `Remove ${item.toLowerCase()} ${position}`;
export const moveUpLabel = (item: string, position: number) =>
  `Move ${item.toLowerCase()} ${position} up`;
export const moveDownLabel = (item: string, position: number) =>
  `Move ${item.toLowerCase()} ${position} down`;
/** A list item's legend: "Certification 2". */
export const itemLegend = (item: string, position: number) => `${item} ${position}`;
export const listCount = (count: number, max: number) => `${count} of at most ${max}.`;

// --- Theme ---
export const ACCENT_LABEL = 'Accent colour';
export const ACCENT_STRONG_LABEL = 'Accent colour, lighter (hover and emphasis)';
export const THEME_HINT =
  'Links, buttons and highlights on every page and the preview cards. It must stay readable on the dark background; the light theme shows it darkened until it reads there.';
export const colourValueLabel = (label: string) => `${label}, as #rrggbb`;
export const accentPreviewText = (ratio: string) => `Dark theme: contrast ${ratio}:1`;
export const lightAccentPreviewText = (colour: string, ratio: string) =>
  `Light theme, as ${colour}: contrast ${ratio}:1`;
