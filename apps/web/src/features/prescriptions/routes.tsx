import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';
import { fiscalCodesQueryOptions } from '../../lib/fiscal-codes-api';
import { allStringParams } from '../../lib/return-path';

/** Spec §2 Prescription entry: the choice screen (login-protected). */
export const prescriptionChoiceRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/prescription',
  component: lazyRouteComponent(() => import('./prescription-choice-screen'), 'PrescriptionChoiceScreen'),
});

/** 'Inserisci ricetta': /app/prescription/{fse|nre|file|vetnre|vetfile} creates, /app/prescription/{id} edits. */
export const prescriptionFormRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/prescription/$entry',
  // The entry (a mode or an id) is read by the feature's own parser, which needs the contract's
  // prescription modes (a zod module): the loader imports it lazily, like the screen.
  loader: ({ context, params }) =>
    whileOnline(() =>
      import('./prescriptions-api').then((api) => {
        const entry = api.parsePrescriptionEntry(params.entry);
        return Promise.all([
          context.queryClient.prefetchQuery(fiscalCodesQueryOptions),
          entry.kind === 'edit' ? context.queryClient.prefetchQuery(api.prescriptionQueryOptions(entry.id)) : undefined,
        ]);
      }),
    ),
  // `?fiscalcode=<id>`: the code just added from the form's link, to select it.
  validateSearch: allStringParams,
  component: lazyRouteComponent(() => import('./prescription-form-screen'), 'PrescriptionFormScreen'),
});

export const prescriptionRoutes = [prescriptionChoiceRoute, prescriptionFormRoute] as const;
