import { cardsApi } from '#src/api/cards';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The saved cards, the payment methods route's `loader` (docs/decisions/730). */
export const loadCards = (load: FirstDataLoad) => loadFirstData(load, (call) => cardsApi(load.context.api).list(call));
