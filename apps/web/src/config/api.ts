import { msg } from '../i18n/language.ts';

/** Where the API lives; another server implementing the same contract can be named at build time. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '/console/micros/Api';

export const NETWORK_ERROR_MESSAGE = msg(
  "Network problems happen when something disrupts the connection between your computer and the content you're trying to access.",
);

export const OFFLINE_MESSAGE = msg('You are offline. This needs a connection: try again once you are back online.');
