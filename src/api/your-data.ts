import { Acknowledged } from '../schemas/acknowledged';
import { DataExportState } from '../schemas/your-data';
import type { ApiClient, RequestOptions } from './client';
import { apiBase } from './paths';

/** "Your data" on Account controls (decisions 610, 611): the export's state, asking for one, closing the account. */
export const yourDataApi = (client: ApiClient) => ({
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  exportState: (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(DataExportState, '/customer/data-export', call),
  /** Asks for an export; 409 while one is being prepared or can be downloaded. */
  requestExport: () => client.request(DataExportState, '/customer/data-export', { method: 'POST', body: {} }),
  /** The ZIP's address: a plain link, so the browser downloads it with the session cookie. */
  fileUrl: `${apiBase}/customer/data-export/file`,
  closeAccount: async (password: string | null) => {
    await client.request(Acknowledged, '/customer/close-account', {
      method: 'POST',
      body: password === null ? {} : { password },
    });
  },
});
