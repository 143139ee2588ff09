/** Spec §6: adding to the cart or booking while anonymous. */
export const accessMessages = {
  loginOrSignup: 'Accedi o registrati',
  loginToRequestInfo: 'Accedi per richiedere informazioni',
} as const;
