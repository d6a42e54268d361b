import { useCallback, useRef, useState } from 'react';
import { saveFile } from '#src/documents/save-file';

/**
 * A PDF made in the page and saved (ticket, VAT receipt): the button's busy and failed looks. No
 * server call and nothing to keep, like "Add to calendar"; the only wait is loading pdf-lib the
 * first time (import(), so it is never in a route's first JS).
 */
export function useDocumentDownload(build: () => Promise<{ bytes: Uint8Array; fileName: string }>) {
  const [state, setState] = useState<'idle' | 'preparing' | 'failed'>('idle');
  const running = useRef(false);
  const download = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setState('preparing');
    try {
      const { bytes, fileName } = await build();
      saveFile(bytes, fileName, 'application/pdf');
      setState('idle');
    } catch {
      setState('failed');
    } finally {
      running.current = false;
    }
  }, [build]);
  return { state, download };
}

/** `TKT-1A2B3C4D.pdf`: a reference made safe for a file name. */
export const pdfFileName = (prefix: string, reference: string) =>
  `${prefix}${reference.replace(/[^A-Za-z0-9_-]+/g, '-') || 'document'}.pdf`;
