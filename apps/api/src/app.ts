import { setItalianValidationMessages } from '@farmacia/contract';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type DatabaseHandle, type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { errorLogRoutes } from './modules/error-log/error-log.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { addressRoutes } from './modules/addresses/addresses.routes.js';
import { adminOrderRoutes } from './modules/orders/orders.admin.routes.js';
import { invitationRoutes } from './modules/onboarding/invitations.routes.js';
import { adminCatalogueRoutes } from './modules/catalogue/catalogue.admin.routes.js';
import { adminCustomerRoutes } from './modules/accounts/customers.admin.routes.js';
import { adminShopRoutes } from './modules/shops/shops.admin.routes.js';
import { adminContentRoutes } from './modules/shops/content.admin.routes.js';
import { adminInboxRoutes } from './modules/services/info-requests.admin.routes.js';
import { adminLoyaltyRoutes } from './modules/loyalty/loyalty.admin.routes.js';
import { adminOptionsRoutes } from './modules/shops/options.admin.routes.js';
import { adminVoucherRoutes } from './modules/vouchers/vouchers.admin.routes.js';
import { adminBookingsRoutes } from './modules/bookings/bookings.admin.routes.js';
import { adminServicesRoutes } from './modules/services/services.admin.routes.js';
import { adminEventsRoutes } from './modules/events/events.admin.routes.js';
import { adminStaffRoutes } from './modules/staff/staff.admin.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { registerAuditTrail } from './plugins/audit-trail.js';
import { checkoutRoutes } from './modules/orders/checkout.routes.js';
import { chatbotRoutes } from './modules/chatbot/chatbot.routes.js';
import { gdprRoutes } from './modules/accounts/gdpr.routes.js';
import { healthConsentRoutes } from './modules/health-data/health-consent.routes.js';
import { healthRetentionPlugin } from './modules/health-data/health-retention.plugin.js';
import { healthRetentionRoutes } from './modules/health-data/health-retention.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { withdrawalRoutes } from './modules/orders/withdrawals.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { LIVE_PAYMENT_CSP } from './payments/config.js';
import { paymentSandboxRoutes } from './payments/sandbox/sandbox.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { fileRoutes } from './modules/files/files.routes.js';
import { fiscalCodeRoutes } from './modules/fiscal-codes/fiscal-codes.routes.js';
import { prescriptionRoutes } from './modules/prescriptions/prescriptions.routes.js';
import { productRequestRoutes } from './modules/product-requests/product-requests.routes.js';
import { storagePlugin } from './storage/storage.plugin.js';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { referralsRoutes } from './modules/referrals/referrals.routes.js';
import { profileRoutes } from './modules/accounts/profile.routes.js';
import { bookingsPlugin } from './modules/bookings/bookings.plugin.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { shopsRoutes } from './modules/shops/shops.routes.js';
import { shopLegalRoutes } from './modules/shops/shop-legal.routes.js';
import { staffRoutes } from './modules/accounts/users.routes.js';
import { staffAlertsPlugin } from './modules/staff-alerts/staff-alerts.plugin.js';
import { livePlugin } from './live/live.plugin.js';
import { refundsPlugin } from './modules/payments/refunds.plugin.js';
import { refundRoutes } from './modules/payments/refunds.routes.js';
import { staffAlertsRoutes } from './modules/staff-alerts/staff-alerts.routes.js';
import { versionRoutes } from './modules/version/version.routes.js';
import { notifyPlugin } from './notify/index.js';
import { authPlugin, serializeRequest } from './plugins/auth.js';
import { LOG_REDACT_PATHS, requestChildLogger } from './plugins/request-logger.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { followAllowedMethods } from './plugins/allowed-methods.js';
import { refuseCodedBodies } from './plugins/content-coding.js';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { faultPausePlugin } from './plugins/fault-pause.js';
import { CART_NOTE_HASH, EARLY_REQUESTS_HASH, SESSION_GUARD_HASH, shellScriptHashes } from './plugins/app-page-hints.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiTransform, openapiTransformObject } from './plugins/openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { registerBackofficeApp, registerStaticApp } from './plugins/static-app.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { versionPollCache } from './plugins/version-poll-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    engine: Config['engine'];
  }
}

export interface BuildAppOptions {
  /** An already open database (tests); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Pino logger options; `false` silences it (tests). */
  logger?: boolean;
}

/** Largest JSON body accepted: one upload of MAX_UPLOAD_BYTES (10 MiB), base64-encoded (×4/3), plus its fields. */
export const BODY_LIMIT_BYTES = 14 * 1024 * 1024;

/**
 * Builds the whole server without listening: plugins, then modules under /api, then the one
 * error handler. Runs pending migrations before the app is ready.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  setItalianValidationMessages();
  // GET /api/ (every open app, every 5 s) answered by the HTTP server before Fastify (decision 0330).
  const versionPoll = versionPollCache();
  const app = Fastify({
    serverFactory: versionPoll.serverFactory,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT_PATHS,
            // Reset tokens travel in a URL path; emails in query strings: never logged as they are.
            serializers: { req: serializeRequest },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    childLoggerFactory: requestChildLogger,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();

  versionPoll.attach(app);
  // Before any route: every route registered from here on is followed (405's Allow header).
  const allowedMethods = followAllowedMethods(app);
  refuseCodedBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? openDatabase(config.engine, config.databaseUrl);
  app.decorate('config', config);
  // Test-only: FARMACIA_FAULT_PAUSE holds one statement inside its transaction (crash-safety suite).
  app.decorate('db', config.faultPause ? database.db.withPlugin(faultPausePlugin(config.faultPause)) : database.db);
  app.decorate('engine', database.engine);
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);

  await app.register(securityHeadersPlugin, {
    documents: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The home preview's inline script, the signed-in screens' early reads and the cart's note
          // (app-page-hints.ts, decisions 0374, 0592, 0602) and the shell's own (index.html, 0697), by their hashes.
          // 'wasm-unsafe-eval': the barcode scanner compiles the app's own zxing .wasm (decision 0475);
          // it allows WebAssembly only, never eval() or a script from elsewhere.
          scriptSrc: ["'self'", SESSION_GUARD_HASH, EARLY_REQUESTS_HASH, CART_NOTE_HASH, ...shellScriptHashes(config.webDist), "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // Live payments: the card goes straight to Axerve, the Nexi form to its page (decision 0222).
          connectSrc: ["'self'", ...(config.paymentMode === 'live' ? LIVE_PAYMENT_CSP.connectSrc : [])],
          formAction: ["'self'", ...(config.paymentMode === 'live' ? LIVE_PAYMENT_CSP.formAction : [])],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only makes sense behind TLS; the proxy that terminates TLS sets it (docs/ops.md).
      strictTransportSecurity: false,
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Farmacia API',
        version: '1.0.0',
        description: 'API della app Farmacia.',
        // The project has no licence file: a placeholder the owner should replace (redocly's info-license-strict).
        license: { name: 'Proprietary', url: '/api/docs' },
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandler(app, allowedMethods);
  registerTextGuard(app);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  await app.register(notifyPlugin);
  await app.register(bookingsPlugin);
  await app.register(healthRetentionPlugin);
  await app.register(staffAlertsPlugin);
  await app.register(livePlugin);
  await app.register(refundsPlugin);
  await app.register(healthRoutes);
  await app.register(metricsPlugin, { poolStats: database.poolStats });
  registerAuditTrail(app);
  await app.register(
    async (api) => {
      // Modules register here, each under its own path of spec §7.
      await api.register(versionRoutes);
      await api.register(catalogueRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(profileRoutes);
      await api.register(shopsRoutes);
      await api.register(errorLogRoutes);
      await api.register(staffRoutes);
      await api.register(notificationsRoutes);
      await api.register(loyaltyRoutes);
      await api.register(referralsRoutes);
      await api.register(mediaRoutes);
      await api.register(chatbotRoutes);
      await api.register(gdprRoutes);
      await api.register(healthConsentRoutes);
      await api.register(healthRetentionRoutes);
      await api.register(servicesRoutes);
      await api.register(eventsRoutes);
      await api.register(bookingsRoutes);
      await api.register(addressRoutes);
      await api.register(orderRoutes);
      await api.register(withdrawalRoutes);
      await api.register(paymentRoutes);
      await api.register(adminOrderRoutes);
      await api.register(adminStaffRoutes);
      await api.register(adminBookingsRoutes);
      await api.register(adminCatalogueRoutes);
      await api.register(adminCustomerRoutes);
      await api.register(adminShopRoutes);
      await api.register(adminOptionsRoutes);
      await api.register(adminContentRoutes);
      await api.register(adminVoucherRoutes);
      await api.register(adminLoyaltyRoutes);
      await api.register(adminInboxRoutes);
      await api.register(adminServicesRoutes);
      await api.register(adminEventsRoutes);
      await api.register(auditRoutes);
      await api.register(checkoutRoutes);
      await api.register(fiscalCodeRoutes);
      await api.register(fileRoutes);
      await api.register(cartRoutes);
      await api.register(prescriptionRoutes);
      await api.register(productRequestRoutes);
      await api.register(invitationRoutes);
      await api.register(shopLegalRoutes);
      await api.register(staffAlertsRoutes);
      await api.register(refundRoutes);
    },
    { prefix: '/api' },
  );
  // The built-in payment providers (decision 0222): only when payments are not live.
  if (config.paymentMode === 'sandbox') await app.register(paymentSandboxRoutes, { prefix: '/sandbox' });
  if (config.webDist) await registerStaticApp(app, config.webDist);
  if (config.backofficeDist) await registerBackofficeApp(app, config.backofficeDist);

  return app;
}
