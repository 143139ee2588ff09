import { PrescriptionEntryParamsSchema } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { allStringParams } from '../../lib/return-path';
import { fillCache } from '../../app/route-data';
import { paramsOf } from '../../app/route-params';
import { prescriptionQueryOptions } from './prescriptions-api';

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
  params: paramsOf(PrescriptionEntryParamsSchema),
  // `?fiscalcode=<id>`: the code just added from the form's link, to select it.
  validateSearch: allStringParams,
  loader: ({ context, params }) =>
    typeof params.entry === 'number' ? fillCache(context.queryClient, prescriptionQueryOptions(params.entry)) : undefined,
  component: lazyRouteComponent(() => import('./prescription-form-screen'), 'PrescriptionFormScreen'),
  notFoundComponent: lazyRouteComponent(() => import('./prescription-form-screen'), 'PrescriptionNotFound'),
});

export const prescriptionRoutes = [prescriptionChoiceRoute, prescriptionFormRoute] as const;
