import {
  ApiErrorBodySchema,
  CategoryServicesResponseSchema,
  ServiceCategoriesResponseSchema,
  ServiceGroupResponseSchema,
  ServiceResponseSchema,
  ShopServiceRequestResponseSchema,
  ShopServiceResponseSchema,
  ShopServicesResponseSchema,
} from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { createBookableService, createCategoryFor } from '../../../test/factories/bookings.js';
import { createCustomer, ensureShop, type TestCustomer } from '../../../test/factories/customers.js';
import { decryptNote } from '../bookings/note-cipher.js';
import { createGroup, createShopService } from './services.service.js';

describe(`services and shop services (${testEngine})`, () => {
  const t = useTestApp();
  let shopId: number;
  let otherShopId: number;
  let categoryId: number;
  let serviceId: number;
  let hiddenPriceId: number;
  let groupId: number;
  let looseShopService: number;
  let groupedShopService: number;
  let customer: TestCustomer;

  beforeAll(async () => {
    shopId = await ensureShop(t.app, 'Farmacia Prima');
    otherShopId = await ensureShop(t.app, 'Farmacia Seconda');
    categoryId = await createCategoryFor(t.app, shopId, 'Prevenzione');
    ({ serviceId } = await createBookableService(t.app, {
      shopId,
      categoryId,
      name: 'Elettrocardiogramma',
      description: '<p onclick="steal()">Tracciato <strong>a riposo</strong></p><script>alert(1)</script><a href="javascript:x()">x</a>',
      priceCents: 2550,
      duration: 20,
      paddingAfter: 10,
      bookingCancellations: 2,
    }));
    ({ serviceId: hiddenPriceId } = await createBookableService(t.app, {
      shopId,
      categoryId,
      name: 'Consulenza nutrizionale',
      showPrice: false,
      priceCents: 4000,
    }));
    groupId = await createGroup(t.app.db, shopId, categoryId, 'Noleggio apparecchi', '<p>Apparecchi a noleggio</p>');
    groupedShopService = await createShopService(t.app.db, {
      shopId,
      categoryId,
      groupId,
      name: 'Noleggio tiralatte',
      description: '<p>Tiralatte elettrico</p>',
      priceCents: 300,
    });
    looseShopService = await createShopService(t.app.db, {
      shopId,
      categoryId,
      groupId: null,
      name: 'Consegna a domicilio',
      description: '<p>Entro la giornata</p>',
      priceCents: null,
    });
    await createCategoryFor(t.app, otherShopId, 'Altra farmacia');
    customer = await createCustomer(t.app, { shopId: otherShopId, phone: '3331112222' });
  });

  it('lists the categories of the default shop, of ?shop_id and of the logged-in user’s shop', async () => {
    const anonymous = ServiceCategoriesResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/services' })).json());
    expect(anonymous.data).toEqual([
      { id: categoryId, name: 'Prevenzione', description: 'Servizi di prova', services_count: 2, shop_services_count: 2 },
    ]);
    const other = ServiceCategoriesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/services?shop_id=${otherShopId}` })).json(),
    );
    expect(other.data.map((c) => c.name)).toEqual(['Altra farmacia']);
    const mine = ServiceCategoriesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/services', headers: customer.auth })).json(),
    );
    expect(mine.data.map((c) => c.name)).toEqual(['Altra farmacia']);
    expect((await t.app.inject({ method: 'GET', url: '/api/services?shop_id=9999' })).statusCode).toBe(404);
  });

  it('gives a category with its services, loose shop services and groups', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/service-categories/${categoryId}` });
    const body = CategoryServicesResponseSchema.parse(res.json());
    expect(body.category.id).toBe(categoryId);
    expect(body.data.services.map((s) => s.name)).toEqual(['Elettrocardiogramma', 'Consulenza nutrizionale']);
    expect(body.data.shop_service.map((s) => s.id)).toEqual([looseShopService]);
    expect(body.data.service_groups).toHaveLength(1);
    expect(body.data.service_groups[0]).toMatchObject({ id: groupId, name: 'Noleggio apparecchi' });
    expect(body.data.service_groups[0]?.shopService.map((s) => s.id)).toEqual([groupedShopService]);
    expect((await t.app.inject({ method: 'GET', url: '/api/service-categories/9999' })).statusCode).toBe(404);
  });

  it('gives a service in euro with its sanitized description', async () => {
    const { service } = ServiceResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}` })).json());
    expect(service).toEqual({
      id: serviceId,
      category_id: categoryId,
      name: 'Elettrocardiogramma',
      description: '<p>Tracciato <strong>a riposo</strong></p><a rel="noopener noreferrer">x</a>',
      price: 25.5,
      duration: 20,
      padding_after: 10,
      show_price: true,
      booking_cancellations: 2,
    });
    const hidden = ServiceResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/services/${hiddenPriceId}` })).json());
    expect(hidden.service.show_price).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/services/9999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/services/abc' })).statusCode).toBe(422);
  });

  it('hides a withdrawn service', async () => {
    const { serviceId: gone } = await createBookableService(t.app, { shopId, categoryId, name: 'Ritirato' });
    await t.app.db.updateTable('services').set({ active: 0 }).where('id', '=', gone).execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${gone}` })).statusCode).toBe(404);
    const body = CategoryServicesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/service-categories/${categoryId}` })).json());
    expect(body.data.services.map((s) => s.id)).not.toContain(gone);
  });

  it('serves shop services, by category and by group', async () => {
    const all = ShopServicesResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/shopservices' })).json());
    expect(all.data.map((s) => s.id).sort()).toEqual([groupedShopService, looseShopService].sort());
    const one = ShopServiceResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/shopservices/${looseShopService}` })).json());
    expect(one.data).toEqual({
      id: looseShopService,
      category_id: categoryId,
      group_id: null,
      name: 'Consegna a domicilio',
      description: '<p>Entro la giornata</p>',
      price: null,
    });
    const byCategory = ShopServicesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/shopservices/category/${categoryId}` })).json(),
    );
    expect(byCategory.data).toHaveLength(2);
    const group = ServiceGroupResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/shopservicegroup/${groupId}` })).json());
    expect(group.data).toMatchObject({ name: 'Noleggio apparecchi', text: '<p>Apparecchi a noleggio</p>' });
    expect(group.data.shopService.map((s) => [s.name, s.price])).toEqual([['Noleggio tiralatte', 3]]);
    for (const url of ['/api/shopservices/9999', '/api/shopservices/category/9999', '/api/shopservicegroup/9999']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('takes an information request from a logged-in customer, stores it for the pharmacist and acknowledges it', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/shopservices',
      payload: { shop_service_id: looseShopService, shop_service_name: 'Consegna a domicilio', note: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopservices',
      headers: customer.auth,
      payload: { shop_service_id: looseShopService, shop_service_name: 'Consegna a domicilio', note: 'Abito al terzo piano.' },
    });
    expect(res.statusCode).toBe(201);
    const body = ShopServiceRequestResponseSchema.parse(res.json());
    expect(body.message).toBe('Richiesta inviata correttamente');
    expect(body.data).toMatchObject({ shop_service_id: looseShopService, shop_service_name: 'Consegna a domicilio', note: 'Abito al terzo piano.' });

    const row = await t.app.db.selectFrom('shop_service_requests').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ shop_id: shopId, user_id: customer.id, status: 'new' });
    expect(row.note).not.toContain('terzo');
    expect(decryptNote(t.config.fileEncryptionKey, row.note)).toBe('Abito al terzo piano.');
    const mail = await t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', customer.email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Richiesta di informazioni ricevuta: Consegna a domicilio');
    expect(mail.body_text).toContain('393331112222');
  });

  it('rejects an information request about an unknown service or without an id', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/shopservices',
      headers: customer.auth,
      payload: { shop_service_id: 9999, note: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/shopservices', headers: customer.auth, payload: { note: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(missing.json()).errors?.shop_service_id).toBeDefined();
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/shopservices',
      headers: customer.auth,
      payload: { shop_service_id: looseShopService, note: 'a'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
