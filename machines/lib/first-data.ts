/**
 * What a screen's route loaded before its chart started (docs/decisions/730): the answer its first
 * fetch would have had, or that fetch's error. A chart given it starts from it (its loaded state, or
 * its error state with the retry); without it (a test, a screen mounted outside its route) the chart
 * fetches as before. The chart's loading state stays for what it fetches itself: a retry, a reload.
 */
export type FirstData<T> = { data: T } | { error: unknown };

export const firstLoaded = <T>(first: FirstData<T> | null | undefined): first is { data: T } =>
  !!first && 'data' in first;

export const firstFailed = <T>(first: FirstData<T> | null | undefined): first is { error: unknown } =>
  !!first && 'error' in first;
