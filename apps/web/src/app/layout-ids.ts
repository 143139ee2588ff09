/** Ids of the pathless layout routes, in a module of their own so any file can test against them. */
export const APP_LAYOUT_ID = '/_app';
export const PRIVATE_LAYOUT_ID = '/_app/_private';
