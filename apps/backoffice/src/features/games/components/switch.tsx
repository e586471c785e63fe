import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './games.module.css';

/** An on/off choice drawn as a switch: a checkbox with role="switch", named by its label. */
export function Switch({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    <label className={styles.switch}>
      <input type="checkbox" role="switch" {...input} />
      <span>{label}</span>
    </label>
  );
}
