/** The public entry of the onboarding module: what other modules and the HTTP layer may use (docs/architecture.md). */
export type { OnboardingTables } from './onboarding.table.js';
export { alreadySetUp, runSetup, type SetupInput } from './setup.service.js';
