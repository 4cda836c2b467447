import { useCallback, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { getSiteSettings, updateSiteSettings } from '@portfolio/shared/api-client';
import type { SiteSettings } from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { RETRY_LABEL } from '../../texts';
import { adminErrorMessage } from '../session/errors';
import { useEditorWork } from './RecoveredWork';
import { AboutSection } from './settings/AboutSection';
import { CertificationsSection } from './settings/CertificationsSection';
import { ExperienceSection } from './settings/ExperienceSection';
import { HomeSection } from './settings/HomeSection';
import { OwnerSection } from './settings/OwnerSection';
import { ServicesSection } from './settings/ServicesSection';
import { SkillsSection } from './settings/SkillsSection';
import { TestimonialsSection } from './settings/TestimonialsSection';
import { ThemeSection } from './settings/ThemeSection';
import { settingsInput, settingsValues } from './settings-form';
import type { SettingsValues } from './settings-form';
import * as T from './settings-texts';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import styles from './SettingsPanel.module.css';

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

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-busy={busy}
      aria-label={T.SETTINGS_HEADING}
    >
      {work.offer}

      <OwnerSection formId={id} values={values} set={set} />

      <AboutSection formId={id} values={values} set={set} />

      <HomeSection formId={id} values={values} set={set} />

      <CertificationsSection formId={id} values={values} set={set} />

      <SkillsSection formId={id} values={values} set={set} />

      <ExperienceSection formId={id} values={values} set={set} />

      <TestimonialsSection formId={id} values={values} set={set} />

      <ServicesSection formId={id} values={values} set={set} />

      <ThemeSection formId={id} values={values} set={set} />

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
