import { describe, expect, it } from 'vitest';
import * as groups from './message-groups.js';
import { fillMessage, messages } from './messages.js';

describe('messages: exact spec texts, typos included', () => {
  it.each([
    [messages.fiscalCode.problem, 'Ci sono dei problemi con il Codice Fisale'],
    [messages.orders.paymentMethodUpdated, 'Metodo di pagamento aggionato!'],
    [messages.addresses.empty, 'Non sono presenti idirizzi'],
    [messages.reservations.cancelled, 'Prenotaziona cancellata correttamente.'],
    [messages.reservations.booked, 'Prenotaziona effettuata correttamente.'],
    [messages.app.updatePrompt, "Premi ok per aggiornare l'applicazione."],
    [messages.app.loading, 'Attendere...'],
    [messages.catalogue.productNotFound, 'Prodotto non trovato'],
    [messages.catalogue.categoryNotFoundTitle, 'Risultato non trovato'],
    [messages.catalogue.categoryNotFoundText, 'La categoria cercata non è esistente'],
    [messages.catalogue.noShifts, 'Al momento non ci sono turni disponibili.'],
    [messages.fiscalCode.select, 'Selezionare un codice fiscale.'],
    [messages.validation.fillThisField, 'Compila questo campo.'],
    [messages.privacy.consentRequired, 'Questo consenso è obbligatorio'],
    [messages.reservations.eventIdRequired, "L'ID dell'evento è richiesto."],
    [messages.auth.wrongCredentials, 'Credenziali sbagliate'],
    [messages.auth.resetFailed, 'Si è verificato un errore, eseguire una nuova richiesta di cambio password'],
    [messages.notifications.pushPermissionDenied, "Non è stata garantito il permesso all'applicazione per ricevere notifiche push."],
    [messages.notifications.pushGenericProblem, 'Problema generico nella attivazione le notifiche push.'],
    [messages.orders.cancelFailed, "Non è stato possibile annullare l'ordine!"],
    [messages.payment.refused, 'Il pagamento è stato rifiutato'],
    [messages.payment.pending, 'Il pagamento è in sospeso.'],
    [
      messages.chat.failure,
      'Scusami, non riesco a capire la tua richiesta. Puoi ripetere inserendo più informazioni? grazie!',
    ],
    [
      messages.fiscalCode.mainNotDeletable,
      "Il presente codice fiscale è associato all'utente dell'applicazione e ai relativi consensi in materia di privacy, pertanto, la sua cancellazione non è possibile.",
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('fillMessage', () => {
  it('fills {name}, {product}, {detail} placeholders', () => {
    expect(fillMessage(messages.cart.added, { name: 'Tachipirina 500 mg' })).toBe('Tachipirina 500 mg aggiunto al carrello');
    expect(fillMessage(messages.cart.addFailed, { product: 'Aspirina' })).toBe('Impossibile aggiungere Aspirina al carrello');
    expect(fillMessage(messages.payment.error, { detail: 'Risposta del server non valida' })).toBe(
      'Si è verificato un errore: Risposta del server non valida. Verifica i dati inseriti e riprova.',
    );
    expect(fillMessage(messages.file.invalidFormat, { name: 'ricetta.doc' })).toBe("Formato file 'ricetta.doc' non valido.");
  });

  it('fills numbers and repeated placeholders, leaves unknown ones visible', () => {
    expect(fillMessage(messages.validation.maxLength, { max: 50 })).toBe('Massimo 50 caratteri.');
    expect(fillMessage('{a}-{a}', { a: 1 })).toBe('1-1');
    expect(fillMessage('{a} {b}', { a: 'x' })).toBe('x {b}');
  });

  it('does not treat $ patterns in values specially', () => {
    expect(fillMessage(messages.cart.added, { name: "$& $' $1" })).toBe("$& $' $1 aggiunto al carrello");
  });
});

describe('messages composes the groups (decision 0689)', () => {
  it('holds every group module by identity, and nothing else', () => {
    const modules = Object.entries(groups).filter(([name]) => name.endsWith('Messages'));
    expect(modules.length).toBeGreaterThan(40);
    // A group file listed in message-groups.ts but left out of `messages` would be missing for the API and the back office.
    for (const [name, group] of modules) expect(Object.values(messages), name).toContain(group);
    // And `messages` has no group written inline instead of in its module (the counts live in plural.ts).
    const known = new Set<unknown>(modules.map(([, group]) => group));
    expect(Object.entries(messages).filter(([key, group]) => !known.has(group) && key !== 'counts')).toEqual([]);
  });
});
