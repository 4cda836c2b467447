import { useCallback, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  AboutSettingsInputSchema,
  CertificationInputSchema,
  ExperienceInputSchema,
  LIGHT_ACCENT_STRONG_CONTRAST,
  LIGHT_THEME_SURFACE,
  MIN_ACCENT_CONTRAST,
  OwnerSettingsInputSchema,
  PortfolioSettingsInputSchema,
  SkillGroupInputSchema,
  THEME_SURFACE,
  accentProblem,
  contrastRatio,
  lightThemeAccent,
} from '@portfolio/contract';
import { getSiteSettings, updateSiteSettings } from '@portfolio/shared/api-client';
import type { SiteSettings } from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { RETRY_LABEL } from '../../texts';
import { adminErrorMessage } from '../session/errors';
import { ImageField } from './ImageField';
import { ListField } from './ListField';
import { useEditorWork } from './RecoveredWork';
import { settingsInput, settingsValues } from './settings-form';
import type { SettingsValues } from './settings-form';
import * as T from './settings-texts';
import { TextField } from './TextField';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import adminStyles from './admin.module.css';
import styles from './SettingsPanel.module.css';

/** The API's limits of each part (docs/decisions/052): the fields' maxLength and maxItems. */
const OWNER = OwnerSettingsInputSchema.properties;
const ABOUT = AboutSettingsInputSchema.properties;
const PORTFOLIO = PortfolioSettingsInputSchema.properties;
const CERTIFICATION = CertificationInputSchema.properties;
const EXPERIENCE = ExperienceInputSchema.properties;
const SKILL_GROUP = SkillGroupInputSchema.properties;
const maxItems = (schema: { maxItems?: number }) => schema.maxItems ?? 20;
const SOCIAL = OWNER.social.items.properties;
const FUN_FACT = ABOUT.funFacts.items.properties;
const TESTIMONIAL = PORTFOLIO.testimonials.items.properties;
const SERVICE = PORTFOLIO.services.items.properties;

/** The public settings, as the site shows them now. */
const loadSettings = () => getSiteSettings();

/**
 * The dashboard's Settings tab (docs/decisions/141): who the owner is, the about page, the
 * portfolio's content and the theme's accents, in sections, saved at once (PUT /settings) and
 * live on the next page load. Unsaved changes are kept in this browser and guarded as an
 * editor's are (unsaved-work.ts).
 */
export function SettingsPanel() {
  const { state, reload } = useResource(loadSettings);
  return (
    <section className={styles.panel} aria-labelledby="settings-heading">
      <h2 id="settings-heading" className={styles.heading}>
        {T.SETTINGS_HEADING}
      </h2>
      <p className={styles.hint}>{T.SETTINGS_INTRO}</p>
      {state.status === 'loading' && <Spinner label={T.SETTINGS_LOADING} />}
      {state.status === 'error' && (
        <div className={styles.actions}>
          <ErrorMessage>{T.SETTINGS_LOAD_ERROR}</ErrorMessage>
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </div>
      )}
      {state.status === 'loaded' && <SettingsForm settings={state.data} />}
    </section>
  );
}

function Section({
  title,
  open = false,
  children,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className={styles.section} open={open}>
      <summary className={styles.summary}>
        <h3 className={styles.sectionTitle}>{title}</h3>
      </summary>
      <div className={styles.sectionBody}>{children}</div>
    </details>
  );
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const id = useId();
  const getToken = useAdminToken();
  const [saved, setSaved] = useState(() => settingsValues(settings));
  const [savedAt, setSavedAt] = useState(settings.updatedAt);
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const set = useCallback(
    (patch: Partial<SettingsValues>) => {
      setValues((current) => ({ ...current, ...patch }));
      setNotice('');
    },
    [setValues],
  );
  const work = useEditorWork({
    key: T.settingsKeptKey,
    saved,
    current: values,
    savedAt,
    restore: setValues,
    onCancel: () => setValues(saved),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setNotice('');
    try {
      const stored = await updateSiteSettings(settingsInput(values), {
        token: await getToken(),
      });
      const next = settingsValues(stored);
      work.forget();
      setSaved(next);
      setSavedAt(stored.updatedAt);
      setValues(next);
      setNotice(T.SETTINGS_SAVED);
    } catch (caught) {
      setError(adminErrorMessage(caught, T.SETTINGS_SAVE_ERROR));
      requestAnimationFrame(() => errorRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: keyof SettingsValues,
    label: string,
    limit: { maxLength?: number },
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      formId={id}
      name={name}
      label={label}
      maxLength={limit.maxLength}
      value={values[name] as string}
      onChange={(value) => set({ [name]: value })}
      {...extra}
    />
  );

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-busy={busy}
      aria-label={T.SETTINGS_HEADING}
    >
      {work.offer}

      <Section title={T.SECTION_OWNER} open>
        {field('name', T.OWNER_NAME_LABEL, OWNER.name, { required: true, hint: T.OWNER_NAME_HINT })}
        {field('jobTitle', T.JOB_TITLE_LABEL, OWNER.jobTitle, { required: true })}
        {field('email', T.OWNER_EMAIL_LABEL, OWNER.email, {
          required: true,
          type: 'email',
          hint: T.OWNER_EMAIL_HINT,
        })}
        {field('location', T.LOCATION_LABEL, OWNER.location)}
        <ListField
          label={T.SOCIAL_LINKS_LABEL}
          item={T.SOCIAL_LINK_ITEM}
          items={values.social}
          max={maxItems(OWNER.social)}
          blank={() => ({ label: '', url: '' })}
          onChange={(social) => set({ social })}
        >
          {(link, update, position) => (
            <>
              <TextField
                formId={id}
                name={`social-${position}-label`}
                label={T.LINK_LABEL_LABEL}
                required
                maxLength={SOCIAL.label.maxLength}
                value={link.label}
                onChange={(label) => update({ label })}
              />
              <TextField
                formId={id}
                name={`social-${position}-url`}
                label={T.LINK_URL_LABEL}
                required
                type="url"
                maxLength={SOCIAL.url.maxLength}
                value={link.url}
                onChange={(url) => update({ url })}
              />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_ABOUT}>
        {field(
          'intro',
          T.INTRO_LABEL,
          {},
          {
            rows: 8,
            required: true,
            hint: T.PARAGRAPHS_HINT,
          },
        )}
        <ListField
          label={T.FUN_FACTS_LABEL}
          item={T.FUN_FACT_ITEM}
          items={values.funFacts}
          max={maxItems(ABOUT.funFacts)}
          blank={() => ({ label: '', value: '' })}
          onChange={(funFacts) => set({ funFacts })}
        >
          {(fact, update, position) => (
            <>
              <TextField
                formId={id}
                name={`fact-${position}-label`}
                label={T.FACT_LABEL_LABEL}
                required
                maxLength={FUN_FACT.label.maxLength}
                value={fact.label}
                onChange={(label) => update({ label })}
              />
              <TextField
                formId={id}
                name={`fact-${position}-value`}
                label={T.FACT_VALUE_LABEL}
                required
                maxLength={FUN_FACT.value.maxLength}
                value={fact.value}
                onChange={(value) => update({ value })}
              />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_HOME}>
        {field('heroIntro', T.HERO_INTRO_LABEL, PORTFOLIO.heroIntro, { rows: 3, required: true })}
        {field('aboutTeaser', T.ABOUT_TEASER_LABEL, PORTFOLIO.aboutTeaser, {
          rows: 3,
          required: true,
        })}
        {field(
          'summary',
          T.SUMMARY_LABEL,
          {},
          {
            rows: 6,
            required: true,
            hint: T.PARAGRAPHS_HINT,
          },
        )}
      </Section>

      <Section title={T.SECTION_CERTIFICATIONS}>
        <ListField
          label={T.SECTION_CERTIFICATIONS}
          hideLabel
          item={T.CERTIFICATION_ITEM}
          items={values.certifications}
          max={maxItems(PORTFOLIO.certifications)}
          blank={() => ({ title: '', issuer: '', date: '', credentialUrl: '', image: '' })}
          onChange={(certifications) => set({ certifications })}
        >
          {(certification, update, position) => (
            <>
              <TextField
                formId={id}
                name={`certification-${position}-title`}
                label={T.CERTIFICATION_TITLE_LABEL}
                required
                maxLength={CERTIFICATION.title.maxLength}
                value={certification.title}
                onChange={(title) => update({ title })}
              />
              <TextField
                formId={id}
                name={`certification-${position}-issuer`}
                label={T.ISSUER_LABEL}
                required
                maxLength={CERTIFICATION.issuer.maxLength}
                value={certification.issuer}
                onChange={(issuer) => update({ issuer })}
              />
              <TextField
                formId={id}
                name={`certification-${position}-date`}
                label={T.ISSUED_LABEL}
                required
                type="month"
                placeholder="2024-03"
                hint={T.ISSUED_HINT}
                value={certification.date}
                onChange={(date) => update({ date })}
              />
              <TextField
                formId={id}
                name={`certification-${position}-credential`}
                label={T.CREDENTIAL_URL_LABEL}
                type="url"
                hint={T.CREDENTIAL_URL_HINT}
                maxLength={CERTIFICATION.credentialUrl.maxLength}
                value={certification.credentialUrl}
                onChange={(credentialUrl) => update({ credentialUrl })}
              />
              <ImageField value={certification.image} onChange={(image) => update({ image })} />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_SKILLS}>
        <ListField
          label={T.SECTION_SKILLS}
          hideLabel
          item={T.SKILL_GROUP_ITEM}
          items={values.skillGroups}
          max={maxItems(PORTFOLIO.skillGroups)}
          blank={() => ({ name: '', skills: '' })}
          onChange={(skillGroups) => set({ skillGroups })}
        >
          {(group, update, position) => (
            <>
              <TextField
                formId={id}
                name={`skills-${position}-name`}
                label={T.SKILL_GROUP_NAME_LABEL}
                required
                maxLength={SKILL_GROUP.name.maxLength}
                value={group.name}
                onChange={(name) => update({ name })}
              />
              <TextField
                formId={id}
                name={`skills-${position}-skills`}
                label={T.SKILLS_LABEL}
                rows={2}
                value={group.skills}
                onChange={(skills) => update({ skills })}
              />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_EXPERIENCE}>
        <ListField
          label={T.SECTION_EXPERIENCE}
          hideLabel
          item={T.EXPERIENCE_ITEM}
          items={values.experience}
          max={maxItems(PORTFOLIO.experience)}
          blank={() => ({ role: '', organisation: '', period: '', highlights: '' })}
          onChange={(experience) => set({ experience })}
        >
          {(entry, update, position) => (
            <>
              <TextField
                formId={id}
                name={`experience-${position}-role`}
                label={T.ROLE_LABEL}
                required
                maxLength={EXPERIENCE.role.maxLength}
                value={entry.role}
                onChange={(role) => update({ role })}
              />
              <TextField
                formId={id}
                name={`experience-${position}-organisation`}
                label={T.ORGANISATION_LABEL}
                required
                maxLength={EXPERIENCE.organisation.maxLength}
                value={entry.organisation}
                onChange={(organisation) => update({ organisation })}
              />
              <TextField
                formId={id}
                name={`experience-${position}-period`}
                label={T.PERIOD_LABEL}
                required
                hint={T.PERIOD_HINT}
                maxLength={EXPERIENCE.period.maxLength}
                value={entry.period}
                onChange={(period) => update({ period })}
              />
              <TextField
                formId={id}
                name={`experience-${position}-highlights`}
                label={T.HIGHLIGHTS_LABEL}
                rows={4}
                value={entry.highlights}
                onChange={(highlights) => update({ highlights })}
              />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_TESTIMONIALS}>
        <ListField
          label={T.SECTION_TESTIMONIALS}
          hideLabel
          item={T.TESTIMONIAL_ITEM}
          items={values.testimonials}
          max={maxItems(PORTFOLIO.testimonials)}
          blank={() => ({ quote: '', name: '', role: '' })}
          onChange={(testimonials) => set({ testimonials })}
        >
          {(testimonial, update, position) => (
            <>
              <TextField
                formId={id}
                name={`testimonial-${position}-quote`}
                label={T.QUOTE_LABEL}
                required
                rows={3}
                maxLength={TESTIMONIAL.quote.maxLength}
                value={testimonial.quote}
                onChange={(quote) => update({ quote })}
              />
              <TextField
                formId={id}
                name={`testimonial-${position}-name`}
                label={T.PERSON_LABEL}
                required
                maxLength={TESTIMONIAL.name.maxLength}
                value={testimonial.name}
                onChange={(name) => update({ name })}
              />
              <TextField
                formId={id}
                name={`testimonial-${position}-role`}
                label={T.PERSON_ROLE_LABEL}
                required
                maxLength={TESTIMONIAL.role.maxLength}
                value={testimonial.role}
                onChange={(role) => update({ role })}
              />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_SERVICES}>
        <ListField
          label={T.SECTION_SERVICES}
          hideLabel
          item={T.SERVICE_ITEM}
          items={values.services}
          max={maxItems(PORTFOLIO.services)}
          blank={() => ({ title: '', description: '' })}
          onChange={(services) => set({ services })}
        >
          {(service, update, position) => (
            <>
              <TextField
                formId={id}
                name={`service-${position}-title`}
                label={T.SERVICE_TITLE_LABEL}
                required
                maxLength={SERVICE.title.maxLength}
                value={service.title}
                onChange={(title) => update({ title })}
              />
              <TextField
                formId={id}
                name={`service-${position}-description`}
                label={T.SERVICE_DESCRIPTION_LABEL}
                required
                rows={3}
                maxLength={SERVICE.description.maxLength}
                value={service.description}
                onChange={(description) => update({ description })}
              />
            </>
          )}
        </ListField>
      </Section>

      <Section title={T.SECTION_THEME}>
        <p className={styles.hint}>{T.THEME_HINT}</p>
        <ColourField
          formId={id}
          name="accent"
          label={T.ACCENT_LABEL}
          value={values.accent}
          onChange={(accent) => set({ accent })}
        />
        <ColourField
          formId={id}
          name="accentStrong"
          label={T.ACCENT_STRONG_LABEL}
          value={values.accentStrong}
          onChange={(accentStrong) => set({ accentStrong })}
        />
      </Section>

      <div className={styles.saveBar}>
        {error && (
          <div ref={errorRef} tabIndex={-1} className={styles.saveError}>
            <ErrorMessage>{error}</ErrorMessage>
          </div>
        )}
        <p className={styles.notice} role="status">
          {notice}
        </p>
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? T.SETTINGS_SAVE_BUSY : T.SETTINGS_SAVE_LABEL}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={work.cancel}>
            {T.SETTINGS_UNDO_LABEL}
          </Button>
        </div>
      </div>
    </form>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A theme colour: the browser's colour picker and the same value as text, with a sample of it on
 * each theme's surface (the dark theme's as given, the light theme's as it darkens it: ADR 171)
 * and what the API will refuse (too dark to read) before it is sent. The samples' backgrounds are
 * the themes' own, whichever theme the dashboard is shown in.
 */
function ColourField({
  formId,
  name,
  label,
  value,
  onChange,
}: {
  formId: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = `${formId}-${name}`;
  const valid = HEX.test(value);
  const problem = valid ? accentProblem(label, value) : null;
  const ratio = valid ? contrastRatio(value, THEME_SURFACE) : null;
  const light = valid
    ? lightThemeAccent(value, name === 'accentStrong' ? LIGHT_ACCENT_STRONG_CONTRAST : undefined)
    : null;
  return (
    <div className={styles.colour}>
      <div className={styles.colourControls}>
        <div className={adminStyles.field}>
          <label htmlFor={`${id}-picker`}>{label}</label>
          <input
            id={`${id}-picker`}
            type="color"
            className={styles.picker}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        <TextField
          formId={formId}
          name={name}
          label={T.colourValueLabel(label)}
          required
          maxLength={7}
          spellCheck={false}
          autoCapitalize="none"
          value={value}
          onChange={onChange}
          error={problem}
        />
      </div>
      {valid && light && ratio !== null && (
        <>
          <p
            className={styles.sample}
            style={{ color: value, borderColor: value, background: THEME_SURFACE }}
            data-meets={ratio >= MIN_ACCENT_CONTRAST}
          >
            {T.accentPreviewText(ratio.toFixed(1))}
          </p>
          <p
            className={styles.sample}
            style={{ color: light, borderColor: light, background: LIGHT_THEME_SURFACE }}
            data-meets="true"
          >
            {T.lightAccentPreviewText(light, contrastRatio(light, LIGHT_THEME_SURFACE).toFixed(1))}
          </p>
        </>
      )}
    </div>
  );
}
