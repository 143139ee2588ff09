import { consoleMessages } from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api, type Parser } from '../../lib/api';
import { FormActions } from '../../components/form-actions';
import { LinkButton } from '../../components/link-button';
import { type Feedback, FeedbackLine, FieldError, useFeedback } from '../../components/feedback';
import { shopBody, withShop } from './shop-scope';

/** A row of an admin list edited in place: its name names it in messages, `sort_order` (if any) is kept on save. */
type EditableRow = { id: number; name: string; sort_order?: number };

/**
 * A list with an always-present form below it (categories, groups, services on request): the form
 * adds a new row until "Modifica" loads a row into it; saving or "Annulla" empties it again.
 * Save POSTs `path` (with the admin's shop) or PUTs `path/id` (keeping the row's `sort_order`);
 * `remove` (rows that can be deleted) DELETEs `path/id`. Both refresh the `invalidates` lists and say what happened.
 */
export function useRowEditor<R extends EditableRow, F, Removed = unknown>(options: {
  path: string;
  schema: Parser<{ data: { name: string } }>;
  invalidates: string[];
  empty: F;
  toForm: (row: R) => F;
  toBody: (form: F) => object;
  savedNotice: (name: string) => string;
  remove?: { schema: Parser<Removed> | null; notice: (res: Removed) => string };
}) {
  const { path, empty } = options;
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const [editing, setEditing] = useState<R | null>(null);
  const [form, setForm] = useState(empty);
  const refresh = () => {
    for (const key of options.invalidates) void queryClient.invalidateQueries({ queryKey: [key] });
  };
  const cancel = () => {
    setEditing(null);
    setForm(empty);
  };
  const save = useMutation({
    mutationFn: () => {
      const body = options.toBody(form);
      return editing
        ? api('PUT', withShop(`${path}/${editing.id}`), options.schema, editing.sort_order === undefined ? body : { ...body, sort_order: editing.sort_order })
        : api('POST', path, options.schema, { ...shopBody(), ...body });
    },
    onMutate: fb.clear,
    onSuccess: (res) => {
      refresh();
      fb.notice(options.savedNotice(res.data.name));
      cancel();
    },
    onError: fb.fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', withShop(`${path}/${id}`), options.remove?.schema ?? null),
    onMutate: fb.clear,
    onSuccess: (res) => {
      refresh();
      if (options.remove) fb.notice(options.remove.notice(res));
    },
    onError: fb.fail,
  });
  return {
    editing,
    form,
    /** Changes some fields of the form. */
    update: (patch: Partial<F>) => setForm({ ...form, ...patch }),
    edit: (row: R) => {
      setEditing(row);
      setForm(options.toForm(row));
    },
    cancel,
    fb,
    save,
    remove,
    submit: (event: FormEvent) => {
      event.preventDefault();
      save.mutate();
    },
  };
}

/**
 * The editor's form: named "Nuova …" or "Modifica …", headed by the new label or `editTitle` of the
 * row's name ("Modifica …: name" unless told otherwise), the fields, the server's answer, then save
 * (and "Annulla" while a row is loaded).
 */
export function RowEditorForm({
  editor,
  newLabel,
  editLabel,
  editTitle = (name) => `${editLabel}: ${name}`,
  submit,
  children,
}: {
  editor: {
    editing: EditableRow | null;
    fb: { feedback: Feedback };
    save: { isPending: boolean };
    submit: (event: FormEvent) => void;
    cancel: () => void;
  };
  newLabel: string;
  editLabel: string;
  editTitle?: (name: string) => string;
  submit: string;
  children: ReactNode;
}) {
  const { editing } = editor;
  return (
    <form className="card" onSubmit={editor.submit} noValidate aria-label={editing ? editLabel : newLabel}>
      <h3>{editing ? editTitle(editing.name) : newLabel}</h3>
      {children}
      <FeedbackLine feedback={editor.fb.feedback} />
      <FormActions submit={submit} pending={editor.save.isPending} onCancel={editing ? editor.cancel : undefined} />
    </form>
  );
}

/**
 * The editor's rows: each one's name in bold, then `details`, "Modifica" (loads the row in the form)
 * and the row's other action (delete, withdraw, deactivate).
 */
export function EditableRows<R extends EditableRow>({
  rows,
  edit,
  details,
  action,
}: {
  rows: readonly R[] | undefined;
  edit: (row: R) => void;
  details: (row: R) => ReactNode;
  action: (row: R) => ReactNode;
}) {
  return (
    <ul className="cards">
      {rows?.map((row) => (
        <li key={row.id}>
          <strong>{row.name}</strong>
          {details(row)}{' '}
          <LinkButton hint={row.name} onClick={() => edit(row)}>
            {consoleMessages.common.edit}
          </LinkButton>
          {action(row)}
        </li>
      ))}
    </ul>
  );
}

/** A row's action asked for confirmation first (the browser's dialog), off while one runs. */
export function ConfirmedRowAction({ row, question, pending, onConfirm, children }: { row: EditableRow; question: string; pending: boolean; onConfirm: () => void; children: ReactNode }) {
  return (
    <LinkButton hint={row.name} disabled={pending} onClick={() => window.confirm(question) && onConfirm()}>
      {children}
    </LinkButton>
  );
}

/** The "Elimina" action of an editor's rows (see EditableRows), asked first with `question`. */
export function deleteRowAction<R extends EditableRow>(remove: { isPending: boolean; mutate: (id: number) => void }, question: (row: R) => string) {
  return (row: R) => (
    <ConfirmedRowAction row={row} question={question(row)} pending={remove.isPending} onConfirm={() => remove.mutate(row.id)}>
      {consoleMessages.common.delete}
    </ConfirmedRowAction>
  );
}

/** The row's name in the editor's form, the server's message on `name` under it (`errorId` ties the two). */
export function RowNameField({ label, value, onChange, errors, errorId }: { label: string; value: string; onChange: (name: string) => void; errors: Record<string, string[]>; errorId: string }) {
  return (
    <>
      <label>
        {label}
        <input value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <FieldError errors={errors} name="name" id={errorId} />
    </>
  );
}
