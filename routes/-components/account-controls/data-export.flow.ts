import { fromPromise } from 'xstate';
import { dataExportMachine } from '#machines/data-export';
import { yourDataApi } from '#src/api/your-data';
import { defineFlow } from '#src/flow';

/** The data export's chart bound to the API once (src/flow.tsx). */
export const dataExportFlow = defineFlow(dataExportMachine)(({ api }) => {
  const calls = yourDataApi(api);
  return {
    actors: {
      fetchExport: fromPromise(() => calls.exportState()),
      requestExport: fromPromise(() => calls.requestExport()),
    },
  };
});
