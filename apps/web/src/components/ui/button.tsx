import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Passed on to the `<button>`, as a prop (React 19 and Preact 11 alike). */
  ref?: Ref<HTMLButtonElement>;
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'medium' | 'small';
  block?: boolean;
}

/** The product button; `type` defaults to 'button' so a button never submits a form by accident. */
export function Button({ variant = 'primary', size = 'medium', block, className, type, ...props }: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    size === 'small' ? styles.small : '',
    block ? styles.block : '',
    className ?? '',
  ];
  return <button type={type ?? 'button'} className={classes.filter(Boolean).join(' ')} {...props} />;
}

/** Class names of the product button, for links that look like buttons. */
export function buttonClassName(variant: ButtonProps['variant'] = 'primary', size: ButtonProps['size'] = 'medium') {
  return [styles.button, styles[variant], size === 'small' ? styles.small : ''].filter(Boolean).join(' ');
}
