import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './auth-form.module.css';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  isRequired?: boolean;
  /** Keeps the label for screen readers only (a group label already shows it). */
  hideLabel?: boolean;
  /** Shown beside the input (a send-code button). */
  side?: ReactNode;
}

/** A labelled input with its first error under it, wired for screen readers. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, isRequired, hideLabel, side, id, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const control = (
    <input
      ref={ref}
      id={inputId}
      className={[styles.input, className].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      aria-required={isRequired || undefined}
      {...input}
    />
  );
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={[styles.label, hideLabel ? 'visually-hidden' : ''].join(' ')}>
        {label}
        {isRequired && (
          <span className={styles.requiredMark} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {side ? (
        <div className={styles.row}>
          <div className={styles.grow}>{control}</div>
          {side}
        </div>
      ) : (
        control
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
