import { useMemo } from 'react';
import { bookingActionsApi } from '#src/api/booking-actions';
import { useServices } from '#src/services';

/** The booking-actions calls on the app's one HTTP client. */
export const useBookingActionsApi = () => {
  const { api } = useServices();
  return useMemo(() => bookingActionsApi(api), [api]);
};
