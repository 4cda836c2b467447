import {
  LIGHT_ACCENT_STRONG_CONTRAST,
  LIGHT_THEME_SURFACE,
  MIN_ACCENT_CONTRAST,
  THEME_SURFACE,
  accentProblem,
  contrastRatio,
  lightThemeAccent,
} from '@portfolio/contract';
import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { Section } from './Section';
import type { SectionProps } from './Section';
import adminStyles from '../admin.module.css';
import styles from '../SettingsPanel.module.css';

/** The theme's accents, each with its samples and what the API would refuse. */
export function ThemeSection({ formId: id, values, set }: SectionProps) {
  return (
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
