import { passengerAssistanceApi } from '#src/api/passenger-assistance';
import { assistanceLoaders } from './assistance-loaders';
import type { AppServices } from '#src/services';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** What an assistance route's loader reads: the API, and the flag the screens sit behind. */
export interface AssistanceLoad extends FirstDataLoad {
  context: Pick<AppServices, 'api' | 'pageData'>;
}

/** Passenger assistance is on for this host (`enable-passenger-assistance`); off, its screens load nothing. */
export const assistanceOn = (load: AssistanceLoad): boolean =>
  load.context.pageData.features['enable-passenger-assistance'] === true;

/**
 * The customer's upcoming journeys with their assistance: the account's passenger assistance route's
 * `loader` (docs/decisions/730). With the feature off nothing is asked: the page is not found.
 */
export const loadUpcomingAssistance = async (load: AssistanceLoad) =>
  assistanceOn(load) ? loadFirstData(load, (call) => passengerAssistanceApi(load.context.api).upcoming(call)) : null;

/**
 * A booking and the assistance booked on it: the booking's passenger assistance route's `loader`
 * (docs/decisions/730), the calls its chart makes.
 */
export const loadAssistanceOverview = async (load: AssistanceLoad, bookingId: string) =>
  assistanceOn(load)
    ? loadFirstData(load, (call) => assistanceLoaders(load.context.api).loadOverview(bookingId, call))
    : null;

/**
 * A booking and one of its assistance (null for a host that does not offer reading one): the
 * assistance's route's `loader` (docs/decisions/730), the calls its chart makes.
 */
export const loadAssistanceItem = async (load: AssistanceLoad, bookingId: string, assistanceId: string) =>
  assistanceOn(load)
    ? loadFirstData(load, (call) => assistanceLoaders(load.context.api).loadItem(bookingId, assistanceId, call))
    : null;

/**
 * A booking with only the legs still to leave, and the assistance booked on it: the assistance
 * request route's `loader` (docs/decisions/730), the calls its form's chart makes.
 */
export const loadAssistanceRequest = async (load: AssistanceLoad, bookingId: string) =>
  assistanceOn(load)
    ? loadFirstData(load, (call) => assistanceLoaders(load.context.api).loadForRequest(bookingId, call))
    : null;
