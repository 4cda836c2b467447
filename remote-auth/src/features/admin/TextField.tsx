import type { InputHTMLAttributes } from 'react';
import styles from './admin.module.css';

type NativeProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'placeholder'
>;

export interface TextFieldProps extends NativeProps {
  /** The form's useId(); the control's id is `${formId}-${name}`. */
  formId: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  maxLength?: number;
  /** A multi-line field (textarea) of this many rows. */
  rows?: number;
}

/** A labelled input or textarea of the admin editors. */
export function TextField({ formId, name, label, value, onChange, rows, ...rest }: TextFieldProps) {
  const id = `${formId}-${name}`;
  const common = { id, name, value, ...rest };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
