import {
  type AdminService,
  type AdminServiceCategory,
  AdminServiceCategoryListResponseSchema,
  AdminServiceCategoryResponseSchema,
  type AdminServiceGroup,
  AdminServiceGroupListResponseSchema,
  AdminServiceGroupResponseSchema,
  AdminServiceListResponseSchema,
  AdminServiceResponseSchema,
  type AdminShopService,
  AdminShopServiceListResponseSchema,
  AdminShopServiceResponseSchema,
  AdminStaffListResponseSchema,
  countText,
  messages,
  consoleMessages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { formatEuro } from '../../app/format';
import { DangerButton, FormActions } from '../../components/form-actions';
import { FeedbackLine, FieldError, QueryError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { NamedSelect } from '../../components/named-select';
import { GridTable } from '../../components/grid-table';
import { ConfirmedRowAction, deleteRowAction, EditableRows, RowEditorForm, RowNameField, useRowEditor } from './row-editor';
import { ShopPicker } from './shop-picker';
import { shopBody, withShop } from './shop-scope';
import { IdChecklist } from '../../components/id-checklist';

const categoriesQuery = { queryKey: ['admin-service-categories'], queryFn: () => api('GET', withShop('/admin/service-categories'), AdminServiceCategoryListResponseSchema) };
const groupsQuery = { queryKey: ['admin-service-groups'], queryFn: () => api('GET', withShop('/admin/service-groups'), AdminServiceGroupListResponseSchema) };

/** Services the customers book, their categories, and the groups of shop services. */
export function ServicesScreen() {
  const services = useQuery({ queryKey: ['admin-services'], queryFn: () => api('GET', withShop('/admin/services'), AdminServiceListResponseSchema) });
  const categories = useQuery(categoriesQuery);
  const [editing, setEditing] = useState<AdminService | 'new' | null>(null);
  const categoryName = (id: number | null) => categories.data?.data.find((c) => c.id === id)?.name ?? '—';
  return (
    <section aria-labelledby="services-title">
      <h1 id="services-title">{consoleMessages.services.title}</h1>
      <ShopPicker />
      <div className="actions">
        <button type="button" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          {consoleMessages.services.newService}
        </button>
      </div>
      {editing ? <ServiceForm key={editing === 'new' ? 'new' : editing.id} service={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      <QueryError query={services} />
      <GridTable label={consoleMessages.layout.nav.services} columns={[consoleMessages.common.service, consoleMessages.services.category, consoleMessages.services.duration, consoleMessages.common.price, consoleMessages.common.status]} actions>
        {services.data?.data.map((s) => (
          <tr key={s.id} className={s.active ? undefined : 'unavailable'}>
            <td>{s.name}</td>
            <td>{categoryName(s.category_id)}</td>
            <td>
              {fillMessage(consoleMessages.services.durationMinutes, { duration: s.duration })}{s.padding_after ? ` + ${s.padding_after}` : ''}
            </td>
            <td>{formatEuro(s.price)}</td>
            <td>{s.active ? consoleMessages.common.active : consoleMessages.services.retired}</td>
            <td>
              <LinkButton hint={s.name} onClick={() => setEditing(s)}>
                {consoleMessages.common.edit}
              </LinkButton>
            </td>
          </tr>
        ))}
      </GridTable>
      <Categories />
      <Groups />
      <ShopServices />
    </section>
  );
}

function ServiceForm({ service, onDone }: { service: AdminService | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api('GET', withShop('/admin/staff'), AdminStaffListResponseSchema) });
  const categories = useQuery(categoriesQuery);
  const [form, setForm] = useState({
    name: service?.name ?? '',
    category_id: service?.category_id ? String(service.category_id) : '',
    description: service?.description ?? '',
    price: service ? String(service.price).replace('.', ',') : '',
    duration: service ? String(service.duration) : '30',
    padding_after: service ? String(service.padding_after) : '0',
    booking_cancellations: service ? String(service.booking_cancellations) : '1',
    show_price: service?.show_price ?? true,
    active: service?.active ?? true,
    staff_ids: service?.staff_ids ?? [],
  });
  const save = useMutation({
    mutationFn: () => {
      const body = {
        ...(service ? {} : shopBody()),
        name: form.name,
        category_id: form.category_id ? Number(form.category_id) : null,
        description: form.description,
        price: form.price.trim() === '' ? undefined : form.price.replace(',', '.'),
        duration: form.duration,
        padding_after: form.padding_after,
        booking_cancellations: form.booking_cancellations,
        show_price: form.show_price,
        active: form.active,
        staff_ids: form.staff_ids,
        sort_order: service?.sort_order ?? 0,
      };
      return service
        ? api('PUT', withShop(`/admin/services/${service.id}`), AdminServiceResponseSchema, body)
        : api('POST', '/admin/services', AdminServiceResponseSchema, body);
    },
    onMutate: fb.clear,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-services'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-service-categories'] });
      onDone();
    },
    onError: fb.fail,
  });
  const withdraw = useMutation({
    mutationFn: () => api('DELETE', withShop(`/admin/services/${service?.id}`), AdminServiceResponseSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-services'] });
      onDone();
    },
    onError: fb.fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const field = (key: 'name' | 'price' | 'duration' | 'padding_after' | 'booking_cancellations', label: string, type = 'text') => (
    <>
      <label>
        {label}
        <input
          type={type}
          inputMode={type === 'number' ? 'numeric' : key === 'price' ? 'decimal' : undefined}
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          aria-describedby={`${key}-error`}
        />
      </label>
      <FieldError errors={fb.errors} name={key} />
    </>
  );
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="service-form-title">
      <h2 id="service-form-title">{service ? fillMessage(consoleMessages.common.editNamed, { name: service.name }) : consoleMessages.services.newService}</h2>
      {field('name', consoleMessages.common.name)}
      <NamedSelect label={consoleMessages.services.category} none={consoleMessages.services.none} value={form.category_id} onChange={(category_id) => setForm({ ...form, category_id })} options={categories.data?.data} />
      <FieldError errors={fb.errors} name="category_id" />
      <label>
        {consoleMessages.common.htmlDescription}
        <textarea rows={3} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      </label>
      <FieldError errors={fb.errors} name="description" />
      {field('price', consoleMessages.common.priceEuro)}
      {field('duration', consoleMessages.services.durationLabel, 'number')}
      {field('padding_after', consoleMessages.services.paddingMinutes, 'number')}
      {field('booking_cancellations', consoleMessages.services.cancellableDays, 'number')}
      <label className="inline">
        <input type="checkbox" checked={form.show_price} onChange={(e) => setForm({ ...form, show_price: e.target.checked })} />
        {consoleMessages.services.showPrice}
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
        {consoleMessages.services.bookable}
      </label>
      <IdChecklist
        name="staff_ids"
        errors={fb.errors}
        legend={consoleMessages.services.operators}
        describedBy="staff_ids-error"
        options={staff.data?.data}
        chosen={form.staff_ids}
        onChange={(staff_ids) => setForm({ ...form, staff_ids })}
      />
      <FeedbackLine feedback={fb.feedback} />
      <FormActions submit={consoleMessages.services.save} pending={save.isPending} onCancel={onDone}>
        {service?.active ? (
          <DangerButton question={consoleMessages.services.retireConfirm} pending={withdraw.isPending} onConfirm={() => withdraw.mutate()}>
            {consoleMessages.services.retire}
          </DangerButton>
        ) : null}
      </FormActions>
    </form>
  );
}

function Categories() {
  const categories = useQuery(categoriesQuery);
  const editor = useRowEditor({
    path: '/admin/service-categories',
    schema: AdminServiceCategoryResponseSchema,
    invalidates: ['admin-service-categories'],
    empty: { name: '', description: '' },
    toForm: (c: AdminServiceCategory) => ({ name: c.name, description: c.description ?? '' }),
    toBody: (form) => form,
    savedNotice: (name) => fillMessage(consoleMessages.services.categorySaved, { name }),
    remove: { schema: null, notice: () => consoleMessages.services.categoryDeleted },
  });
  const { form, update, fb, remove } = editor;
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title">{consoleMessages.services.categories}</h2>
      <EditableRows
        rows={categories.data?.data}
        edit={editor.edit}
        details={(c) => (
          <>
            {' '}
            · {countText(messages.counts.services, c.services_count)} · {countText(messages.counts.groups, c.groups_count)} ·{' '}
            {countText(messages.counts.shopServices, c.shop_services_count)}
          </>
        )}
        action={deleteRowAction(remove, (c) => fillMessage(consoleMessages.services.deleteCategoryConfirm, { name: c.name }))}
      />
      <RowEditorForm editor={editor} newLabel={consoleMessages.services.newCategory} editLabel={consoleMessages.services.editCategory} submit={consoleMessages.services.saveCategory}>
        <RowNameField label={consoleMessages.services.categoryName} value={form.name} onChange={(name) => update({ name })} errors={fb.errors} errorId="category-name-error" />
        <label>
          {consoleMessages.services.categoryDescription}
          <input value={form.description} onChange={(e) => update({ description: e.target.value })} />
        </label>
      </RowEditorForm>
    </section>
  );
}

function Groups() {
  const groups = useQuery(groupsQuery);
  const categories = useQuery(categoriesQuery);
  const editor = useRowEditor({
    path: '/admin/service-groups',
    schema: AdminServiceGroupResponseSchema,
    invalidates: ['admin-service-groups', 'admin-service-categories'],
    empty: { name: '', text: '', category_id: '' },
    toForm: (g: AdminServiceGroup) => ({ name: g.name, text: g.text, category_id: g.category_id ? String(g.category_id) : '' }),
    toBody: (form) => ({ name: form.name, text: form.text, category_id: form.category_id ? Number(form.category_id) : null }),
    savedNotice: (name) => fillMessage(consoleMessages.services.groupSaved, { name }),
    remove: { schema: null, notice: () => consoleMessages.services.groupDeleted },
  });
  const { form, update, fb, remove } = editor;
  return (
    <section aria-labelledby="groups-title">
      <h2 id="groups-title">{consoleMessages.services.groups}</h2>
      <EditableRows
        rows={groups.data?.data}
        edit={editor.edit}
        details={(g) => ` · ${countText(messages.counts.services, g.shop_services_count)}`}
        action={deleteRowAction(remove, (g) => fillMessage(consoleMessages.services.deleteGroupConfirm, { name: g.name }))}
      />
      <RowEditorForm editor={editor} newLabel={consoleMessages.services.newGroup} editLabel={consoleMessages.services.editGroup} submit={consoleMessages.services.saveGroup}>
        <RowNameField label={consoleMessages.services.groupName} value={form.name} onChange={(name) => update({ name })} errors={fb.errors} errorId="group-name-error" />
        <NamedSelect label={consoleMessages.services.groupCategory} none={consoleMessages.services.none} value={form.category_id} onChange={(category_id) => update({ category_id })} options={categories.data?.data} />
        <FieldError errors={fb.errors} name="category_id" id="group-category-error" />
        <label>
          {consoleMessages.services.groupText}
          <textarea rows={2} value={form.text} onChange={(e) => update({ text: e.target.value })} />
        </label>
      </RowEditorForm>
    </section>
  );
}

/** Services a customer asks about (information requests), in a category and optionally a group. */
function ShopServices() {
  const list = useQuery({ queryKey: ['admin-shop-services'], queryFn: () => api('GET', withShop('/admin/shop-services'), AdminShopServiceListResponseSchema) });
  const groups = useQuery(groupsQuery);
  const categories = useQuery(categoriesQuery);
  const editor = useRowEditor({
    path: '/admin/shop-services',
    schema: AdminShopServiceResponseSchema,
    invalidates: ['admin-shop-services', 'admin-service-groups', 'admin-service-categories'],
    empty: { name: '', description: '', price: '', category_id: '', group_id: '', active: true },
    toForm: (x: AdminShopService) => ({
      name: x.name,
      description: x.description,
      price: x.price === null ? '' : String(x.price).replace('.', ','),
      category_id: x.category_id ? String(x.category_id) : '',
      group_id: x.group_id ? String(x.group_id) : '',
      active: x.active,
    }),
    toBody: (form) => ({
      name: form.name,
      description: form.description,
      // Empty: price on request.
      price: form.price.trim() === '' ? null : form.price.replace(',', '.'),
      category_id: form.category_id ? Number(form.category_id) : null,
      group_id: form.group_id ? Number(form.group_id) : null,
      active: form.active,
    }),
    savedNotice: (name) => fillMessage(consoleMessages.services.onRequestSaved, { name }),
    remove: { schema: AdminShopServiceResponseSchema, notice: (res) => fillMessage(consoleMessages.services.onRequestRetired, { name: res.data.name }) },
  });
  const { form, update, fb, remove: withdraw } = editor;
  const groupName = (id: number | null) => groups.data?.data.find((g) => g.id === id)?.name;
  return (
    <section aria-labelledby="shop-services-title">
      <h2 id="shop-services-title">{consoleMessages.services.onRequest}</h2>
      <EditableRows
        rows={list.data?.data}
        edit={editor.edit}
        details={(x) => (
          <>
            {' '}
            · {x.price === null ? consoleMessages.services.priceOnRequest : formatEuro(x.price)}
            {groupName(x.group_id) ? fillMessage(consoleMessages.services.inGroup, { group: groupName(x.group_id)! }) : ''}
            {x.active ? '' : consoleMessages.services.retiredLower}
          </>
        )}
        action={(x) =>
          x.active ? (
            <ConfirmedRowAction row={x} question={fillMessage(consoleMessages.services.retireNamedConfirm, { name: x.name })} pending={withdraw.isPending} onConfirm={() => withdraw.mutate(x.id)}>
              {consoleMessages.services.retireShort}
            </ConfirmedRowAction>
          ) : null
        }
      />
      <RowEditorForm
        editor={editor}
        newLabel={consoleMessages.services.newOnRequest}
        editLabel={consoleMessages.services.editOnRequest}
        editTitle={(name) => fillMessage(consoleMessages.common.editNamed, { name })}
        submit={consoleMessages.services.saveOnRequest}
      >
        <RowNameField label={consoleMessages.services.onRequestName} value={form.name} onChange={(name) => update({ name })} errors={fb.errors} errorId="shop-service-name-error" />
        <label>
          {consoleMessages.services.onRequestPrice}
          <input inputMode="decimal" value={form.price} onChange={(e) => update({ price: e.target.value })} />
        </label>
        <FieldError errors={fb.errors} name="price" id="shop-service-price-error" />
        <NamedSelect label={consoleMessages.services.serviceCategory} none={consoleMessages.services.none} value={form.category_id} onChange={(category_id) => update({ category_id })} options={categories.data?.data} />
        <FieldError errors={fb.errors} name="category_id" id="shop-service-category-error" />
        <NamedSelect label={consoleMessages.services.group} none={consoleMessages.services.noneMasculine} value={form.group_id} onChange={(group_id) => update({ group_id })} options={groups.data?.data} />
        <FieldError errors={fb.errors} name="group_id" id="shop-service-group-error" />
        <label>
          {consoleMessages.services.onRequestDescription}
          <textarea rows={2} value={form.description} onChange={(e) => update({ description: e.target.value })} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.active} onChange={(e) => update({ active: e.target.checked })} />
          {consoleMessages.common.visibleInApp}
        </label>
      </RowEditorForm>
    </section>
  );
}
