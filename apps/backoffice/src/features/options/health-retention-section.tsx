import { fillMessage, HealthRetentionResponseSchema, messages } from '@farmacia/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { FeedbackLine, FieldError, QueryError } from '../../components/feedback';
import { useSettingsSave } from '../../components/settings-save';
import { type useShopChoice, useShopQuery } from '../../lib/use-shop-choice';

const m = messages.healthData;

/**
 * How many months the shop keeps prescriptions and request attachments after an order closes
 * (decision 0411): its own call, `GET/PUT /admin/health-retention`, saved on its own.
 */
export function HealthRetentionSection({ choice }: { choice: ReturnType<typeof useShopChoice> }) {
  const { queryKey, query } = useShopQuery(choice, 'admin-health-retention', '/admin/health-retention', HealthRetentionResponseSchema);
  return (
    <>
      <QueryError query={query} />
      {query.data ? <RetentionForm key={query.data.data.shop_id} data={query.data.data} choice={choice} queryKey={queryKey} /> : null}
    </>
  );
}

function RetentionForm({
  data,
  choice,
  queryKey,
}: {
  data: { months: number; default_months: number };
  choice: ReturnType<typeof useShopChoice>;
  queryKey: unknown[];
}) {
  const [months, setMonths] = useState(String(data.months));
  const { feedback, mutation: save } = useSettingsSave(
    queryKey,
    (value: number) => api('PUT', '/admin/health-retention', HealthRetentionResponseSchema, choice.body({ months: value })),
    m.retentionSaved,
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Number(months.trim()));
  };
  return (
    <form className="card wide" aria-labelledby="health-retention-title" noValidate onSubmit={onSubmit}>
      <h2 id="health-retention-title">{m.retentionTitle}</h2>
      <p className="hint" id="health-retention-hint">
        {fillMessage(m.retentionHint, { months: data.default_months })}
      </p>
      <label>
        {m.retentionLabel}
        <input
          inputMode="numeric"
          value={months}
          aria-describedby="health-retention-hint"
          aria-invalid={feedback.errors.months ? true : undefined}
          onChange={(e) => setMonths(e.target.value)}
        />
      </label>
      <FieldError errors={feedback.errors} name="months" />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {m.retentionSave}
        </button>
      </div>
      <FeedbackLine feedback={feedback.feedback} />
    </form>
  );
}
