import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { m } from '#src/paraglide/messages.js';

export interface LoadErrorProps {
  title?: string;
  message: ReactNode;
  /** Offers "Try again" when given (left out where retrying cannot help, e.g. not found). */
  onRetry?: (() => void) | undefined;
  children?: ReactNode;
}

/** Something could not be loaded: the reason, announced, and a way to try again. */
export function LoadError({ title, message, onRetry, children }: LoadErrorProps) {
  return (
    <Alert tone="error" {...(title ? { title } : {})}>
      <p>{message}</p>
      {onRetry && (
        <Button tone="secondary" onClick={onRetry}>
          {m.common_try_again()}
        </Button>
      )}
      {children}
    </Alert>
  );
}
