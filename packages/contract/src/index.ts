/**
 * @farmacia/contract — the single source of entities, bodies, rules and Italian texts
 * for the API and the web app. Each domain lives in its own module.
 */
export * from './common/errors.js';
