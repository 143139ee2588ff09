/** Going live (issue 15): first set-up and invitations of pharmacists. */
export const onboardingMessages = {
  invitationSubject: '{shop} - Il tuo accesso alla gestione della farmacia',
  invitationNotFound: 'Invito non trovato.',
  setPasswordTitle: 'Imposta la tua password',
  setPasswordIntro: 'Scegli la password per accedere alla gestione della farmacia.',
  setPasswordSubmit: 'Imposta password',
  setPasswordDone: 'Password impostata. Ora puoi accedere.',
  setPasswordInvalidLink: 'Il link non è completo: aprilo di nuovo dalla email ricevuta.',
  invitationsTitle: 'Inviti in attesa',
  invitationsEmpty: 'Nessun invito in attesa.',
  inviteTitle: 'Invita un farmacista',
  inviteSubmit: 'Invia invito',
  invitationSent: 'Invito inviato a {email}.',
  invitationExpired: 'scaduto',
  invitationValidUntil: 'valido fino al {date}',
  resendInvitation: 'Invia di nuovo',
  invitationResent: 'Nuovo invito inviato a {email}.',
} as const;
