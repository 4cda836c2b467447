// A form's honeypot: a field people never see or reach (off-screen, hidden from assistive
// technology, out of the tab order), so only a bot fills it in; the API answers such a post like
// any other and stores nothing (the contact form, comments, the newsletter).
import styles from './ui.module.css';

export interface HoneypotProps {
  /** The field's id, unique on the page. */
  id: string;
  value: string;
  onChange(value: string): void;
  /** The field's name and the body's key: `website` by default. */
  name?: string;
}

export function Honeypot({ id, value, onChange, name = 'website' }: HoneypotProps) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
