import {
  type AdminStaffMember,
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  StaffHoursResponseSchema,
  type WorkingHours,
  consoleMessages,
  fillMessage,
  messages,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { errorLink, FeedbackLine, FieldError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { NamedSelect } from '../../components/named-select';
import { EditableRows, RowEditorForm, useRowEditor } from './row-editor';
import { WEEKDAYS } from './weekdays';
import { ShopPicker } from './shop-picker';
import { withShop } from './shop-scope';

/** A weekly hours editor per staff member (the app's free times follow at once), then the members themselves. */
export function HoursScreen() {
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api('GET', withShop('/admin/staff'), AdminStaffListResponseSchema) });
  const [staffId, setStaffId] = useState('');
  const chosen = staffId || (staff.data?.data[0] ? String(staff.data.data[0].id) : '');
  return (
    <section aria-labelledby="hours-title">
      <h1 id="hours-title">{consoleMessages.layout.nav.hours}</h1>
      <ShopPicker />
      <NamedSelect
        label={consoleMessages.common.operator}
        value={chosen}
        onChange={setStaffId}
        options={staff.data?.data.map((s) => (s.active ? s : { ...s, name: fillMessage(consoleMessages.hours.inactiveNamed, { name: s.name }) }))}
      />
      {staff.data && staff.data.data.length === 0 ? <p>{consoleMessages.hours.noOperator}</p> : null}
      {chosen ? <WeekEditor key={chosen} staffId={Number(chosen)} /> : null}
      <StaffMembers members={staff.data?.data} />
    </section>
  );
}

/**
 * Adding, renaming, deactivating and reactivating members. Never deleting (decision 0385): their
 * reservations keep naming them; an inactive member offers no slots, their hours are kept.
 */
function StaffMembers({ members }: { members: AdminStaffMember[] | undefined }) {
  const queryClient = useQueryClient();
  const editor = useRowEditor({
    path: '/admin/staff',
    schema: AdminStaffMemberResponseSchema,
    invalidates: ['staff'],
    empty: { name: '', active: true },
    toForm: (s: AdminStaffMember) => ({ name: s.name, active: s.active }),
    toBody: (form) => form,
    savedNotice: (name) => fillMessage(consoleMessages.hours.operatorSaved, { name }),
  });
  const { form, update, fb } = editor;
  const toggle = useMutation({
    mutationFn: (s: AdminStaffMember) => api('PUT', withShop(`/admin/staff/${s.id}`), AdminStaffMemberResponseSchema, { name: s.name, active: !s.active }),
    onMutate: fb.clear,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['staff'] });
      fb.notice(res.data.active ? fillMessage(consoleMessages.hours.operatorReactivated, { name: res.data.name }) : fillMessage(consoleMessages.hours.operatorDeactivated, { name: res.data.name }));
    },
    onError: fb.fail,
  });
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title">{consoleMessages.hours.staff}</h2>
      <EditableRows
        rows={members}
        edit={editor.edit}
        details={(s) => ` · ${s.active ? consoleMessages.hours.activeLower : consoleMessages.hours.inactive}`}
        action={(s) => (
          <LinkButton hint={s.name} disabled={toggle.isPending} onClick={() => toggle.mutate(s)}>
            {s.active ? consoleMessages.common.deactivate : consoleMessages.hours.reactivate}
          </LinkButton>
        )}
      />
      <RowEditorForm editor={editor} newLabel={consoleMessages.hours.newOperator} editLabel={consoleMessages.hours.editOperator} submit={consoleMessages.hours.saveOperator}>
        <label>
          {consoleMessages.hours.operatorName}
          <input
            value={form.name}
            maxLength={100}
            {...errorLink(fb.errors.name, 'staff-name-error')}
            onChange={(e) => update({ name: e.target.value })}
          />
        </label>
        <FieldError errors={fb.errors} name="name" id="staff-name-error" />
        {editor.editing ? (
          <label className="inline">
            <input type="checkbox" checked={form.active} onChange={(e) => update({ active: e.target.checked })} />
            {consoleMessages.hours.activeBookable}
          </label>
        ) : null}
      </RowEditorForm>
    </section>
  );
}

type Row = WorkingHours & { key: number };
let nextKey = 1;

function WeekEditor({ staffId }: { staffId: number }) {
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const [rows, setRows] = useState<Row[] | null>(null);
  const hours = useQuery({
    queryKey: ['staff-hours', staffId],
    queryFn: async () => {
      const res = await api('GET', withShop(`/admin/staff/${staffId}/hours`), StaffHoursResponseSchema);
      // A background refetch (window focus) must not overwrite a week being edited.
      setRows((current) => current ?? res.data.hours.map((h) => ({ ...h, key: nextKey++ })));
      return res;
    },
  });
  const save = useMutation({
    mutationFn: () =>
      api('PUT', withShop(`/admin/staff/${staffId}/hours`), StaffHoursResponseSchema, {
        hours: (rows ?? []).map(({ weekday, start, end }) => ({ weekday, start, end })),
      }),
    onMutate: fb.clear,
    onSuccess: (res) => {
      queryClient.setQueryData(['staff-hours', staffId], res);
      setRows(res.data.hours.map((h) => ({ ...h, key: nextKey++ })));
      fb.notice(fillMessage(consoleMessages.hours.saved, { name: res.data.name }));
    },
    onError: fb.fail,
  });
  if (!rows) return hours.isError ? <p className="error">{hours.error.message}</p> : <p>{messages.staffAlerts.loading}</p>;
  const update = (key: number, patch: Partial<WorkingHours>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  // A row's server message is keyed by its position in the list sent: `hours.<i>.<field>`.
  const rowError = (i: number) =>
    ['weekday', 'start', 'end'].map((f) => fb.errors[`hours.${i}.${f}`]?.at(-1)).find((m) => m !== undefined);
  return (
    <form onSubmit={submit} noValidate aria-label={consoleMessages.hours.weekly}>
      {WEEKDAYS.map((name, index) => {
        const weekday = index + 1;
        const ofDay = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.weekday === weekday);
        return (
          <fieldset key={name} className="card">
            <legend>{name}</legend>
            {ofDay.length === 0 ? <p>{consoleMessages.hours.notWorking}</p> : null}
            {ofDay.map(({ r, i }) => (
              <div className="toolbar" key={r.key}>
                <label>
                  {consoleMessages.common.from} <span className="sr-only">({name})</span>
                  <input type="time" value={r.start} onChange={(e) => update(r.key, { start: e.target.value })} />
                </label>
                <label>
                  {consoleMessages.common.to} <span className="sr-only">({name})</span>
                  <input type="time" value={r.end} onChange={(e) => update(r.key, { end: e.target.value })} />
                </label>
                <LinkButton hint={`${name} ${r.start}–${r.end}`} onClick={() => setRows(rows.filter((x) => x.key !== r.key))}>
                  {consoleMessages.hours.removeSlot}
                </LinkButton>
                {rowError(i) ? <span className="field-error">{rowError(i)}</span> : null}
              </div>
            ))}
            <button
              type="button"
              className="secondary"
              onClick={() => setRows([...rows, { weekday, start: '09:00', end: '13:00', key: nextKey++ }])}
            >
              {consoleMessages.common.addSlot} <span className="sr-only">({name})</span>
            </button>
          </fieldset>
        );
      })}
      <p>{consoleMessages.hours.bookingsKept}</p>
      <FeedbackLine feedback={fb.feedback} />
      <button type="submit" disabled={save.isPending}>
        {consoleMessages.hours.save}
      </button>
    </form>
  );
}
