/**
 * The words for the outcomes machines/data-export.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import type { DataExportError } from '#machines/data-export';

/** What the data download screen says for each failure its chart names. */
export const dataExportMessages: Record<DataExportError, string> = {
  get loadError() {
    return m.your_data_export_load_error();
  },
  get requestError() {
    return m.your_data_export_request_error();
  },
};
