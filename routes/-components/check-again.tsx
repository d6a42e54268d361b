import { useEffect, useRef } from 'react';
import { buttonClass } from '#src/ui/button-class';
import { m } from '#src/paraglide/messages.js';

/**
 * "Check again" where the outcome of a sent request could not be confirmed (decision 310). It takes
 * focus when it appears: the busy state before it had nothing to focus, so focus is not left on the
 * page body, and the message beside it is read out from there.
 */
export function CheckAgain({ onCheck }: { onCheck: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <button ref={ref} type="button" className={buttonClass({})} onClick={onCheck}>
      {m.common_check_again()}
    </button>
  );
}
