/** Set by the service worker on an API answer it kept for offline reading: when it was saved (ISO). */
export const OFFLINE_HEADER = 'x-offline-saved-at';
