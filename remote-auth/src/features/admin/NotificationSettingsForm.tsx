// How the owner hears of a new message (docs/decisions/144): a webhook, an e-mail over SMTP, both
// or neither, set here and kept by the API, which never sends the SMTP password back, and sends
// the webhook's URL masked (docs/decisions/163): the field shows the masked URL, and saving it
// as it is keeps the stored one.
import { useCallback, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { NotificationSettings, NotificationSettingsInput } from '@portfolio/contract';
import {
  getNotificationSettings,
  saveNotificationSettings,
  testNotifications,
} from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { LIST_LOADING, RETRY_LABEL } from '../../texts';
import { adminErrorMessage, loadErrorMessage } from '../session/errors';
import {
  DEFAULT_SMTP_PORT,
  EMAIL_FROM_LABEL,
  EMAIL_NOTIFY_LABEL,
  EMAIL_TO_LABEL,
  NOTHING_TO_TEST,
  NOTIFICATIONS_HEADING,
  NOTIFICATIONS_LOAD_ERROR,
  NOTIFICATIONS_SAVED,
  NOTIFICATIONS_SAVE_ERROR,
  SAVE_NOTIFICATIONS_LABEL,
  SMTP_HOST_LABEL,
  SMTP_PASSWORD_HINT,
  SMTP_PASSWORD_KEPT_HINT,
  SMTP_PASSWORD_LABEL,
  SMTP_PORT_LABEL,
  SMTP_SECURE_HINT,
  SMTP_SECURE_LABEL,
  SMTP_USER_LABEL,
  TEST_BUSY,
  TEST_NOTIFICATIONS_LABEL,
  WEBHOOK_URL_HINT,
  WEBHOOK_URL_KEPT_HINT,
  WEBHOOK_URL_LABEL,
  testOutcome,
} from './notification-texts';
import { TextField } from './TextField';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import styles from './admin.module.css';
import inboxStyles from './MessagesPanel.module.css';

/** The section, closed at first (a disclosure): its settings are read when it is opened. */
export function NotificationSettingsSection() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className={inboxStyles.notifications} aria-labelledby={`${id}-toggle`}>
      <Button
        id={`${id}-toggle`}
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-settings`}
        onClick={() => setOpen((current) => !current)}
      >
        {NOTIFICATIONS_HEADING}
      </Button>
      <div id={`${id}-settings`} hidden={!open}>
        {open && <LoadedSettings />}
      </div>
    </section>
  );
}

function LoadedSettings() {
  const getToken = useAdminToken();
  const load = useCallback(
    async () => getNotificationSettings({ token: await getToken() }),
    [getToken],
  );
  const { state, reload } = useResource(load);
  if (state.status === 'loading') return <Spinner label={LIST_LOADING} />;
  if (state.status === 'error') {
    return (
      <ErrorMessage>
        {loadErrorMessage(state.error, NOTIFICATIONS_LOAD_ERROR)}{' '}
        <Button variant="secondary" onClick={reload}>
          {RETRY_LABEL}
        </Button>
      </ErrorMessage>
    );
  }
  return <SettingsForm saved={state.data} />;
}

function SettingsForm({ saved: initial }: { saved: NotificationSettings }) {
  const id = useId();
  const getToken = useAdminToken();
  const [saved, setSaved] = useState(initial);
  const [webhookUrl, setWebhookUrl] = useState(initial.webhookUrl ?? '');
  const [emailOn, setEmailOn] = useState(initial.email !== null);
  const [to, setTo] = useState(initial.email?.to ?? '');
  const [from, setFrom] = useState(initial.email?.from ?? '');
  const [host, setHost] = useState(initial.email?.host ?? '');
  const [port, setPort] = useState(String(initial.email?.port ?? DEFAULT_SMTP_PORT));
  const [secure, setSecure] = useState(initial.email?.secure ?? false);
  const [user, setUser] = useState(initial.email?.user ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const input = (): NotificationSettingsInput => ({
    webhookUrl: webhookUrl.trim() || null,
    email: emailOn
      ? {
          to: to.trim(),
          from: from.trim(),
          host: host.trim(),
          port: Number(port),
          secure,
          user: user.trim() || null,
          // Empty: the stored password stays (or none, without a user).
          ...(password ? { password } : user.trim() ? {} : { password: null }),
        }
      : null,
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    setStatus('');
    setError(null);
    try {
      const stored = await saveNotificationSettings(input(), { token: await getToken() });
      setSaved(stored);
      // What was typed is not kept in the form: the field shows the stored URL, masked.
      setWebhookUrl(stored.webhookUrl ?? '');
      setPassword('');
      setStatus(NOTIFICATIONS_SAVED);
    } catch (caught) {
      setError(adminErrorMessage(caught, NOTIFICATIONS_SAVE_ERROR));
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setBusy('test');
    setStatus('');
    setError(null);
    try {
      const result = await testNotifications({ token: await getToken() });
      const outcomes = [
        result.webhook !== null && testOutcome('Webhook', result.webhook),
        result.email !== null && testOutcome('E-mail', result.email),
      ].filter((outcome): outcome is string => Boolean(outcome));
      setStatus(outcomes.length > 0 ? outcomes.join(' ') : NOTHING_TO_TEST);
    } catch (caught) {
      setError(adminErrorMessage(caught, NOTIFICATIONS_SAVE_ERROR));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className={inboxStyles.notificationForm} onSubmit={(event) => void save(event)}>
      <TextField
        formId={id}
        name="webhookUrl"
        label={WEBHOOK_URL_LABEL}
        type="url"
        value={webhookUrl}
        onChange={setWebhookUrl}
        maxLength={2048}
        hint={saved.webhookUrl === null ? WEBHOOK_URL_HINT : WEBHOOK_URL_KEPT_HINT}
      />
      <label className={inboxStyles.check}>
        <input
          type="checkbox"
          checked={emailOn}
          onChange={(event) => setEmailOn(event.target.checked)}
        />
        {EMAIL_NOTIFY_LABEL}
      </label>
      {emailOn && (
        <div className={inboxStyles.emailFields}>
          <TextField
            formId={id}
            name="to"
            label={EMAIL_TO_LABEL}
            type="email"
            value={to}
            onChange={setTo}
            required
            maxLength={254}
          />
          <TextField
            formId={id}
            name="from"
            label={EMAIL_FROM_LABEL}
            type="email"
            value={from}
            onChange={setFrom}
            required
            maxLength={254}
          />
          <TextField
            formId={id}
            name="host"
            label={SMTP_HOST_LABEL}
            value={host}
            onChange={setHost}
            required
            maxLength={253}
            spellCheck={false}
            autoCapitalize="none"
          />
          <TextField
            formId={id}
            name="port"
            label={SMTP_PORT_LABEL}
            type="number"
            inputMode="numeric"
            value={port}
            onChange={setPort}
            required
          />
          <label className={inboxStyles.check}>
            <input
              type="checkbox"
              checked={secure}
              aria-describedby={`${id}-secure-hint`}
              onChange={(event) => setSecure(event.target.checked)}
            />
            {SMTP_SECURE_LABEL}
          </label>
          <p id={`${id}-secure-hint`} className={styles.hint}>
            {SMTP_SECURE_HINT}
          </p>
          <TextField
            formId={id}
            name="user"
            label={SMTP_USER_LABEL}
            value={user}
            onChange={setUser}
            maxLength={200}
            spellCheck={false}
            autoCapitalize="none"
          />
          <TextField
            formId={id}
            name="password"
            label={SMTP_PASSWORD_LABEL}
            type="password"
            value={password}
            onChange={setPassword}
            maxLength={500}
            hint={saved.email?.passwordSet ? SMTP_PASSWORD_KEPT_HINT : SMTP_PASSWORD_HINT}
          />
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy !== null}>
          {SAVE_NOTIFICATIONS_LABEL}
        </Button>
        <Button variant="secondary" disabled={busy !== null} onClick={() => void test()}>
          {busy === 'test' ? TEST_BUSY : TEST_NOTIFICATIONS_LABEL}
        </Button>
      </div>
      <p role="status" className={styles.success}>
        {status}
      </p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </form>
  );
}
