// What every section of the Settings tab shares: its collapsible frame, the values it edits and
// its text fields.
import type { ReactNode } from 'react';
import { TextField } from '../TextField';
import type { SettingsValues } from '../settings-form';
import styles from '../SettingsPanel.module.css';

/** A section's part of the form: the form's id, its values and how to change them. */
export interface SectionProps {
  formId: string;
  values: SettingsValues;
  set(patch: Partial<SettingsValues>): void;
}

export function Section({
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

/** A text field of one of the form's values, with the API's limit of it. */
export function fieldOf({ formId, values, set }: SectionProps) {
  return (
    name: keyof SettingsValues,
    label: string,
    limit: { maxLength?: number },
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      formId={formId}
      name={name}
      label={label}
      maxLength={limit.maxLength}
      value={values[name] as string}
      onChange={(value) => set({ [name]: value })}
      {...extra}
    />
  );
}
