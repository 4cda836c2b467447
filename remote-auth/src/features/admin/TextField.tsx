import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { characterCount } from './admin-texts';
import styles from './admin.module.css';

type NativeProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'placeholder' | 'autoCapitalize' | 'spellCheck'
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
  /** Said after the label (the control's description). */
  hint?: ReactNode;
  /** Shows "n / maxLength characters" under the control (with `maxLength`). */
  counter?: boolean;
  /** What is wrong with the value: shown under the control, which is marked invalid. */
  error?: string | null;
  /** The control, to focus it when its value is refused. */
  controlRef?: Ref<HTMLInputElement>;
  /** The textarea of a multi-line field (`rows`), to insert at its cursor. */
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled input or textarea of the admin editors, with its hint, counter and error. */
export function TextField({
  formId,
  name,
  label,
  value,
  onChange,
  rows,
  hint,
  counter = false,
  error,
  controlRef,
  textareaRef,
  ...rest
}: TextFieldProps) {
  const id = `${formId}-${name}`;
  const described = [
    hint !== undefined && `${id}-hint`,
    counter && rest.maxLength !== undefined && `${id}-count`,
    error && `${id}-error`,
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name,
    value,
    ...rest,
    ...(described && { 'aria-describedby': described }),
    ...(error && { 'aria-invalid': true }),
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea
          {...common}
          ref={textareaRef}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input {...common} ref={controlRef} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint !== undefined && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {counter && rest.maxLength !== undefined && (
        <p id={`${id}-count`} className={styles.hint}>
          {characterCount(value.length, rest.maxLength)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
