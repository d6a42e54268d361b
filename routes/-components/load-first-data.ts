import type { FirstData } from '#machines/lib/first-data';
import type { RequestOptions } from '#src/api/client';
import type { AppServices } from '#src/services';

/** What a route's loader is given that the account screens' loaders read. */
export interface FirstDataLoad {
  context: Pick<AppServices, 'api'>;
  abortController: AbortController;
  preload: boolean;
}

/** The options a screen's first call takes from its loader: cancelled with the navigation, and a preload never signs out. */
export type FirstCall = Pick<RequestOptions, 'signal' | 'allow401'>;

/**
 * A screen's first data, its route's `loader` (docs/decisions/730): `ask` makes the screen's first
 * call through the API client, checked against its schema. On a navigation a failure is the
 * screen's answer too, so it shows its own error with Try again (never the router's error page), and
 * a 401 is reported as signed out, so the sign-in guard takes over. A preload (a link hovered or
 * touched) that fails throws instead: the router keeps nothing and the navigation asks again; it
 * never reports a 401 as signed out.
 */
export const loadFirstData = async <T>(
  { abortController, preload }: FirstDataLoad,
  ask: (call: FirstCall) => Promise<T>,
): Promise<FirstData<T>> => {
  try {
    return { data: await ask({ signal: abortController.signal, allow401: preload }) };
  } catch (error) {
    if (preload) throw error;
    return { error };
  }
};
