import type { ButtonHTMLAttributes } from 'react';
import { appMessages } from '@farmacia/contract';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link' | 'danger';
  /** Disables the button and says 'Attendere...' to assistive technology while work is running. */
  busy?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', busy = false, block = false, className, children, disabled, type, ...rest }: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
      {children}
      {busy ? <span className="visually-hidden">{appMessages.loading}</span> : null}
    </button>
  );
}
