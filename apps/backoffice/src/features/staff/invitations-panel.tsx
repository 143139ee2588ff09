import { fillMessage, messages, StaffInvitationListResponseSchema, StaffInvitationResponseSchema, consoleMessages } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../app/format';
import { FeedbackLine, QueryError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { TextFields } from '../../components/text-fields';

const M = messages.onboarding;

const INVITE_FIELDS = [
  ['name', consoleMessages.pharmacists.fullName, 'text'],
  ['email', consoleMessages.common.email, 'email'],
] as const;

/**
 * Admins invite a pharmacist by email (decision 0418): the invitee receives a one-time link to
 * choose their password, so nobody else ever knows it. Pending invitations can be sent again.
 */
export function InvitationsPanel({ shop }: { shop: number }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['staff-invitations', shop],
    queryFn: () => api('GET', `/admin/staff-invitations?shop_id=${shop}`, StaffInvitationListResponseSchema),
  });
  const [form, setForm] = useState({ name: '', email: '' });
  const { feedback, errors, fail, notice, clear } = useFeedback();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff-invitations'] });

  const invite = useMutation({
    mutationFn: () => api('POST', '/admin/staff-invitations', StaffInvitationResponseSchema, { ...form, shop_id: shop }),
    onMutate: clear,
    onSuccess: (res) => {
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['pharmacists'] });
      setForm({ name: '', email: '' });
      notice(fillMessage(M.invitationSent, { email: res.data.email }));
    },
    onError: fail,
  });
  const resend = useMutation({
    mutationFn: (id: number) => api('POST', `/admin/staff-invitations/${id}/resend?shop_id=${shop}`, StaffInvitationResponseSchema),
    onMutate: clear,
    onSuccess: (res) => {
      void refresh();
      notice(fillMessage(M.invitationResent, { email: res.data.email }));
    },
    onError: fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };

  return (
    <>
      <h2 id="invitations-title">{M.invitationsTitle}</h2>
      <QueryError query={list} />
      {list.data && list.data.data.length === 0 ? <p>{M.invitationsEmpty}</p> : null}
      <ul className="cards" aria-labelledby="invitations-title">
        {list.data?.data.map((i) => (
          <li key={i.id}>
            <strong>{i.name}</strong> · {i.email} ·{' '}
            {i.expired ? M.invitationExpired : fillMessage(M.invitationValidUntil, { date: formatDateTime(i.expires_at) })}{' '}
            <LinkButton hint={fillMessage(consoleMessages.pharmacists.invitationHint, { email: i.email })} disabled={resend.isPending} onClick={() => resend.mutate(i.id)}>
              {M.resendInvitation}
            </LinkButton>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="card" noValidate aria-label={M.inviteTitle}>
        <h2>{M.inviteTitle}</h2>
        <TextFields fields={INVITE_FIELDS} form={form} errors={errors} idPrefix="invite" onChange={setForm} />
        <button type="submit" disabled={invite.isPending}>
          {M.inviteSubmit}
        </button>
      </form>
      <FeedbackLine feedback={feedback} />
    </>
  );
}
