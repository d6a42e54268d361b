import { useMemo } from 'react';
import { refundsApi } from '#src/api/refunds';
import { useServices } from '#src/services';

/** The refund calls on the app's one HTTP client (guest header, order token and conversation ids included). */
export const useRefundsApi = () => {
  const { api } = useServices();
  return useMemo(() => refundsApi(api), [api]);
};
