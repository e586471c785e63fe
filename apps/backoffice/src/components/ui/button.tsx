import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'medium' | 'small';
}

/** The back office's button; `type` defaults to 'button' so a button never submits a form by accident. */
export function Button({ variant = 'primary', size = 'medium', className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClassName(variant, size, className)} {...props} />;
}

/** The button's class names, for links that look like buttons. */
export function buttonClassName(
  variant: ButtonProps['variant'] = 'primary',
  size: ButtonProps['size'] = 'medium',
  className?: string,
): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}
