import {
  type AdminOptionsResponse,
  AdminOptionsResponseSchema,
  type AdminOptionsUpdate,
  type MaskedPaymentProviders,
  messages,
  type OpeningHours,
  ShopUploadResponseSchema,
  type Slide,
  consoleMessages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api } from '../../lib/api';
import { DangerButton } from '../../components/form-actions';
import { type Feedback, FeedbackLine, FieldError, QueryError } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { GridTable } from '../../components/grid-table';
import { HealthRetentionSection } from './health-retention-section';
import { useShopChoice, useShopQuery } from '../../lib/use-shop-choice';
import { NestedErrors, readUpload } from './option-form-parts';
import { useSettingsSave } from '../../components/settings-save';

type Options = AdminOptionsResponse['data'];
type Choice = ReturnType<typeof useShopChoice>;

/**
 * The shop's settings (spec §3 Options; decision 0310): contacts, opening hours, switches,
 * carousel, shifts and flyer PDFs, the JSON options, payment credentials (secrets are write-only:
 * the server answers only whether they are set) and loyalty rates. Each section saves on its own,
 * so a mistake in one never blocks another; the customer app sees a save within one version poll.
 */
export function OptionsScreen() {
  const choice = useShopChoice();
  const { queryKey, query: options } = useShopQuery(choice, 'admin-options', '/admin/options', AdminOptionsResponseSchema);
  return (
    <section aria-labelledby="options-title">
      <h1 id="options-title">{consoleMessages.options.title}</h1>
      {choice.picker}
      <QueryError query={options} />
      {options.data ? (
        // Remounted per shop and per answer, so each form starts from what is stored.
        <div key={`${options.data.data.shop_id}`}>
          <Contacts data={options.data.data} choice={choice} queryKey={queryKey} />
          <Hours data={options.data.data} choice={choice} queryKey={queryKey} />
          <Switches data={options.data.data} choice={choice} queryKey={queryKey} />
          <Slides data={options.data.data} choice={choice} queryKey={queryKey} />
          <Pdfs data={options.data.data} choice={choice} queryKey={queryKey} />
          <Payments data={options.data.data} choice={choice} queryKey={queryKey} />
          <Loyalty data={options.data.data} choice={choice} queryKey={queryKey} />
          <HealthRetentionSection choice={choice} />
          <JsonOptions data={options.data.data} choice={choice} queryKey={queryKey} />
        </div>
      ) : (
        <p>{messages.staffAlerts.loading}</p>
      )}
    </section>
  );
}

interface SectionProps {
  data: Options;
  choice: Choice;
  queryKey: unknown[];
}

/** One section's save: PUT /admin/options with only its fields; the answer replaces the cached options. */
function useSave({ choice, queryKey }: Pick<SectionProps, 'choice' | 'queryKey'>) {
  const { feedback, mutation } = useSettingsSave(
    queryKey,
    (body: AdminOptionsUpdate) => api('PUT', '/admin/options', AdminOptionsResponseSchema, choice.body(body)),
    messages.backofficeShop.optionsSaved,
  );
  return { ...feedback, save: mutation.mutate, pending: mutation.isPending };
}

/** A section's form: its fields, then the server's answer to its last save, then its save button (off while `state.pending`). */
function Section({ title, children, onSubmit, state }: { title: string; children: ReactNode; onSubmit: () => void; state: { pending: boolean; feedback: Feedback } }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <form
      className="card wide"
      aria-labelledby={id}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
      <FeedbackLine feedback={state.feedback} />
      <div className="actions">
        <button type="submit" disabled={state.pending}>
          {consoleMessages.common.save} {title.toLowerCase()}
        </button>
      </div>
    </form>
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

const CONTACT_FIELDS = [
  ['shop_name', consoleMessages.options.shopName, 'text'],
  ['call_number', consoleMessages.common.phone, 'tel'],
  ['whatsapp_number', consoleMessages.options.whatsappNumber, 'tel'],
  ['whatsapp_text', consoleMessages.options.whatsappMessage, 'text'],
  ['ecommerce_link', consoleMessages.options.onlineShop, 'url'],
  ['ecommerce_logo', consoleMessages.options.onlineShopLogo, 'text'],
  ['cart_note', consoleMessages.options.cartNote, 'textarea'],
] as const;

function Contacts(props: SectionProps) {
  const s = useSave(props);
  const [form, setForm] = useState(() => Object.fromEntries(CONTACT_FIELDS.map(([k]) => [k, str(props.data.options[k])])));
  return (
    <Section
      title={consoleMessages.common.contacts}
      state={s}
      onSubmit={() => s.save({ options: Object.fromEntries(CONTACT_FIELDS.map(([k]) => [k, orNull(form[k] ?? '')])) })}
    >
      {CONTACT_FIELDS.map(([key, label, type]) => (
        <div key={key}>
          <label htmlFor={`option-${key}`}>{label}</label>
          {type === 'textarea' ? (
            <textarea id={`option-${key}`} rows={3} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
          ) : (
            <input
              id={`option-${key}`}
              type={type}
              value={form[key]}
              aria-describedby={s.errors[`options.${key}`] ? `options-${key}-error` : undefined}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
          )}
          <FieldError errors={s.errors} name={`options.${key}`} />
        </div>
      ))}
    </Section>
  );
}

const DAYS = consoleMessages.common.weekdayTitles;
interface DayForm {
  open: boolean;
  intervals: Array<{ from: string; to: string }>;
}

function Hours(props: SectionProps) {
  const s = useSave(props);
  const current = props.data.options.open_on as OpeningHours | null;
  const [text, setText] = useState(current?.text ?? '');
  const [week, setWeek] = useState<DayForm[]>(() =>
    DAYS.map((_, i) => {
      const day = current?.week.find((d) => d.day === i + 1);
      return { open: Boolean(day?.intervals.length), intervals: day?.intervals.length ? day.intervals : [{ from: '08:30', to: '19:30' }] };
    }),
  );
  const setDay = (i: number, day: DayForm) => setWeek(week.map((d, j) => (j === i ? day : d)));
  const submit = () =>
    s.save({
      options: {
        open_on: {
          timezone: 'Europe/Rome',
          text,
          week: week.map((d, i) => ({ day: i + 1, label: DAYS[i] as string, intervals: d.open ? d.intervals : [] })),
        },
      },
    });
  return (
    <Section title={consoleMessages.options.hours} state={s} onSubmit={submit}>
      <label>
        {consoleMessages.options.hoursText}
        <input
          type="text"
          value={text}
          maxLength={300}
          aria-describedby="options-open_on-text-error"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <FieldError errors={s.errors} name="options.open_on.text" />
      <GridTable label={consoleMessages.options.openingSlots} columns={[consoleMessages.common.day, consoleMessages.options.open, consoleMessages.options.slots]} caption={consoleMessages.options.openingSlotsCaption}>
          {week.map((d, i) => (
            <tr key={DAYS[i]}>
              <th scope="row">{DAYS[i]}</th>
              <td>
                <input type="checkbox" aria-label={fillMessage(consoleMessages.options.dayOpen, { day: DAYS[i]! })} checked={d.open} onChange={(e) => setDay(i, { ...d, open: e.target.checked })} />
              </td>
              <td>
                {d.open
                  ? d.intervals.map((iv, k) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the intervals of a day have no identity but their place
                      <span key={k} className="interval">
                        <input
                          type="time"
                          aria-label={fillMessage(consoleMessages.options.slotFrom, { day: DAYS[i]!, slot: k + 1 })}
                          value={iv.from}
                          onChange={(e) => setDay(i, { ...d, intervals: d.intervals.map((x, j) => (j === k ? { ...x, from: e.target.value } : x)) })}
                        />
                        –
                        <input
                          type="time"
                          aria-label={fillMessage(consoleMessages.options.slotTo, { day: DAYS[i]!, slot: k + 1 })}
                          value={iv.to}
                          onChange={(e) => setDay(i, { ...d, intervals: d.intervals.map((x, j) => (j === k ? { ...x, to: e.target.value } : x)) })}
                        />
                        {d.intervals.length > 1 ? (
                          <LinkButton hint={fillMessage(consoleMessages.options.slot, { slot: k + 1 })} onClick={() => setDay(i, { ...d, intervals: d.intervals.filter((_, j) => j !== k) })}>
                            {consoleMessages.options.remove}
                          </LinkButton>
                        ) : null}
                        <FieldError errors={s.errors} name={`options.open_on.week.${i}.intervals.${k}.to`} />
                      </span>
                    ))
                  : consoleMessages.options.closed}
                {d.open && d.intervals.length < 4 ? (
                  <LinkButton hint={fillMessage(consoleMessages.options.slotForDay, { day: DAYS[i]! })} onClick={() => setDay(i, { ...d, intervals: [...d.intervals, { from: '15:30', to: '19:30' }] })}>
                    {consoleMessages.common.addSlot}
                  </LinkButton>
                ) : null}
              </td>
            </tr>
          ))}
      </GridTable>
      <NestedErrors errors={s.errors} prefix="options.open_on.week" />
    </Section>
  );
}

function Switches(props: SectionProps) {
  const s = useSave(props);
  const [chatbot, setChatbot] = useState(props.data.options.chatbot === '1');
  const [galenica, setGalenica] = useState(props.data.options.galenica === '1');
  // Off unless set (decision 0400): prescription orders are then collected at the pharmacy only.
  const [staffDelivery, setStaffDelivery] = useState(props.data.options.prescription_staff_delivery === '1');
  const flag = (on: boolean) => (on ? '1' : '0');
  return (
    <Section
      title={consoleMessages.options.features}
      state={s}
      onSubmit={() =>
        s.save({ options: { chatbot: flag(chatbot), galenica: flag(galenica), prescription_staff_delivery: flag(staffDelivery) } })
      }
    >
      <label className="inline">
        <input type="checkbox" checked={chatbot} onChange={(e) => setChatbot(e.target.checked)} />
        {consoleMessages.options.chatbot}
      </label>
      <label className="inline">
        <input type="checkbox" checked={galenica} onChange={(e) => setGalenica(e.target.checked)} />
        {consoleMessages.options.compoundedRequests}
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={staffDelivery}
          onChange={(e) => setStaffDelivery(e.target.checked)}
          aria-describedby="staff-delivery-hint"
        />
        {messages.saleRules.staffDeliveryOption}
      </label>
      <p id="staff-delivery-hint" className="hint">
        {messages.saleRules.staffDeliveryHint}
      </p>
    </Section>
  );
}

function Slides(props: SectionProps) {
  const s = useSave(props);
  const [slides, setSlides] = useState<Slide[]>(() => (props.data.options.slides_image as Slide[] | null) ?? []);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      api('POST', '/admin/options/media', ShopUploadResponseSchema, props.choice.body({ target: 'slide', file: await readUpload(file) })),
    onMutate: () => s.clear(),
    onSuccess: (res) => setSlides((list) => [...list, { image: res.data.url, url: '', alt: '' }]),
    onError: (e) => s.fail(e),
  });
  const set = (i: number, slide: Slide) => setSlides(slides.map((x, j) => (j === i ? slide : x)));
  const move = (i: number, by: number) => {
    const next = [...slides];
    const [item] = next.splice(i, 1);
    if (item) next.splice(i + by, 0, item);
    setSlides(next);
  };
  return (
    <Section title={consoleMessages.options.carousel} state={{ ...s, pending: s.pending || upload.isPending }} onSubmit={() => s.save({ options: { slides_image: slides } })}>
      <p className="hint">{consoleMessages.options.carouselHint}</p>
      {slides.length === 0 ? <p>{consoleMessages.options.carouselEmpty}</p> : null}
      <ol className="cards">
        {slides.map((slide, i) => (
          <li key={slide.image}>
            <img src={slide.image} alt="" className="thumb" />
            <label>
              {consoleMessages.options.slideAlt}
              <input type="text" value={slide.alt} maxLength={150} onChange={(e) => set(i, { ...slide, alt: e.target.value })} />
            </label>
            <FieldError errors={s.errors} name={`options.slides_image.${i}.alt`} />
            <label>
              {consoleMessages.options.slideLink}
              <input type="text" value={slide.url} onChange={(e) => set(i, { ...slide, url: e.target.value })} />
            </label>
            <FieldError errors={s.errors} name={`options.slides_image.${i}.url`} />
            <FieldError errors={s.errors} name={`options.slides_image.${i}.image`} />
            <div className="actions">
              <button type="button" className="secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                {consoleMessages.options.slideUp} <span className="sr-only">{fillMessage(consoleMessages.options.slideNumber, { number: i + 1 })}</span>
              </button>
              <button type="button" className="secondary" disabled={i === slides.length - 1} onClick={() => move(i, 1)}>
                {consoleMessages.options.slideDown} <span className="sr-only">{fillMessage(consoleMessages.options.slideNumber, { number: i + 1 })}</span>
              </button>
              <button type="button" className="danger" onClick={() => setSlides(slides.filter((_, j) => j !== i))}>
                {consoleMessages.options.remove} <span className="sr-only">{fillMessage(consoleMessages.options.slideNumber, { number: i + 1 })}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <label>
        {consoleMessages.options.addSlide}
        <input
          type="file"
          accept="image/jpeg,image/png,image/gif"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = '';
          }}
        />
      </label>
      <FieldError errors={s.errors} name="file" />
    </Section>
  );
}

function Pdfs(props: SectionProps) {
  const s = useSave(props);
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async ({ target, file }: { target: 'turni' | 'volantino'; file: File }) =>
      api('POST', '/admin/options/media', ShopUploadResponseSchema, props.choice.body({ target, file: await readUpload(file) })),
    onMutate: () => s.clear(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: props.queryKey });
      s.notice(consoleMessages.options.fileUploaded);
    },
    onError: (e) => s.fail(e),
  });
  const rows = [
    ['turni', consoleMessages.options.onDutyPdf],
    ['volantino', consoleMessages.options.flyerPdf],
  ] as const;
  return (
    <div className="card wide" aria-busy={s.pending || upload.isPending}>
      <h2>{consoleMessages.options.documents}</h2>
      {rows.map(([target, label]) => {
        const value = str(props.data.options[target]);
        return (
          <fieldset key={target}>
            <legend>{label}</legend>
            <p>
              {value ? (
                <a href={value} target="_blank" rel="noopener noreferrer">
                  {consoleMessages.options.openCurrentFile}
                </a>
              ) : (
                consoleMessages.options.noFile
              )}
            </p>
            <label>
              {consoleMessages.options.uploadPdf}
              <input
                type="file"
                accept="application/pdf"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) upload.mutate({ target, file });
                  e.target.value = '';
                }}
              />
            </label>
            {value ? (
              <button type="button" className="secondary" onClick={() => s.save({ options: { [target]: null } })}>
                {target === 'turni' ? consoleMessages.options.removeOnDuty : consoleMessages.options.removeFlyer}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <FieldError errors={s.errors} name="file" />
      <FeedbackLine feedback={s.feedback} />
    </div>
  );
}

type ProviderName = keyof MaskedPaymentProviders;
const PROVIDERS: Array<{
  name: ProviderName;
  title: string;
  fields: Array<[string, string]>;
  secret: [string, string];
  setFlag: string;
  url: string;
}> = [
  { name: 'nexi', title: 'Nexi XPay', fields: [['alias', consoleMessages.options.providerFields.alias]], secret: ['macKey', consoleMessages.options.providerFields.macKey], setFlag: 'macKey_set', url: 'url' },
  { name: 'gestpay', title: 'Axerve (GestPay)', fields: [['shopLogin', consoleMessages.options.providerFields.shopLogin]], secret: ['apiKey', consoleMessages.options.providerFields.apiKey], setFlag: 'apiKey_set', url: 'apiUrl' },
  {
    name: 'paypal',
    title: 'PayPal',
    fields: [
      ['clientId', consoleMessages.options.providerFields.clientId],
      ['webhookId', consoleMessages.options.providerFields.webhookId],
    ],
    secret: ['clientSecret', consoleMessages.options.providerFields.clientSecret],
    setFlag: 'clientSecret_set',
    url: 'apiUrl',
  },
];

function Payments(props: SectionProps) {
  return (
    <div className="card wide">
      <h2>{consoleMessages.options.payments}</h2>
      <p className="hint">
        {consoleMessages.options.paymentsHint}
      </p>
      {PROVIDERS.map((p) => (
        <Provider key={p.name} provider={p} {...props} />
      ))}
    </div>
  );
}

function Provider({ provider, ...props }: SectionProps & { provider: (typeof PROVIDERS)[number] }) {
  const s = useSave(props);
  const masked = props.data.payment_providers[provider.name] as Record<string, unknown> | null;
  const [form, setForm] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(provider.fields.map(([k]) => [k, str(masked?.[k])])),
    [provider.secret[0]]: '',
    [provider.url]: str(masked?.[provider.url]),
  }));
  const secretSet = masked?.[provider.setFlag] === true;
  const prefix = `payment_providers.${provider.name}`;
  const id = `provider-${provider.name}`;
  return (
    <form
      aria-labelledby={id}
      noValidate
      className="provider"
      onSubmit={(e) => {
        e.preventDefault();
        // Once saved, the secret leaves the page: the form only ever says whether one is set.
        s.save({ payment_providers: { [provider.name]: form } }, { onSuccess: () => setForm((f) => ({ ...f, [provider.secret[0]]: '' })) });
      }}
    >
      <h3 id={id}>{provider.title}</h3>
      {provider.fields.map(([key, label]) => (
        <div key={key}>
          <label>
            {label}
            <input type="text" autoComplete="off" value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
          </label>
          <FieldError errors={s.errors} name={`${prefix}.${key}`} />
        </div>
      ))}
      <label>
        {provider.secret[1]}
        <input
          type="password"
          autoComplete="new-password"
          value={form[provider.secret[0]]}
          placeholder={secretSet ? consoleMessages.options.secretSavedPlaceholder : ''}
          aria-describedby={`${id}-secret-state`}
          onChange={(e) => setForm({ ...form, [provider.secret[0]]: e.target.value })}
        />
      </label>
      <span id={`${id}-secret-state`} className="hint" data-testid={`${provider.name}-secret-state`}>
        {secretSet ? consoleMessages.options.secretSet : consoleMessages.options.secretNotSet}
      </span>
      <FieldError errors={s.errors} name={`${prefix}.${provider.secret[0]}`} />
      <label>
        {consoleMessages.options.serviceUrl}
        <input type="url" value={form[provider.url]} onChange={(e) => setForm({ ...form, [provider.url]: e.target.value })} />
      </label>
      <FieldError errors={s.errors} name={`${prefix}.${provider.url}`} />
      <div className="actions">
        <button type="submit" disabled={s.pending}>
          {consoleMessages.common.save} {provider.title}
        </button>
        {masked ? (
          <DangerButton question={fillMessage(consoleMessages.options.deleteCredentialsConfirm, { provider: provider.title })} pending={s.pending} onConfirm={() => s.save({ payment_providers: { [provider.name]: null } })}>
            {consoleMessages.options.deleteCredentials}
          </DangerButton>
        ) : null}
      </div>
      <FeedbackLine feedback={s.feedback} />
    </form>
  );
}

function Loyalty(props: SectionProps) {
  const s = useSave(props);
  const [form, setForm] = useState({
    points_per_euro: String(props.data.loyalty.points_per_euro).replace('.', ','),
    referral_reward_points: String(props.data.loyalty.referral_reward_points),
  });
  return (
    <Section
      title={consoleMessages.options.loyaltyCard}
      state={s}
      onSubmit={() =>
        s.save({
          loyalty: {
            points_per_euro: Number(form.points_per_euro.replace(',', '.')),
            referral_reward_points: Number(form.referral_reward_points),
          },
        })
      }
    >
      <label>
        {consoleMessages.options.pointsPerEuro}
        <input inputMode="decimal" value={form.points_per_euro} onChange={(e) => setForm({ ...form, points_per_euro: e.target.value })} />
      </label>
      <FieldError errors={s.errors} name="loyalty.points_per_euro" />
      <label>
        {consoleMessages.options.pointsPerFriend}
        <input inputMode="numeric" value={form.referral_reward_points} onChange={(e) => setForm({ ...form, referral_reward_points: e.target.value })} />
      </label>
      <FieldError errors={s.errors} name="loyalty.referral_reward_points" />
    </Section>
  );
}

const JSON_FIELDS = [
  ['order_shipping_configurations', consoleMessages.options.deliveriesAndPayments],
  ['promotions', consoleMessages.options.promotions],
  ['select_service', consoleMessages.options.featuredServices],
  ['privacycheck', consoleMessages.options.privacyConsents],
] as const;

/** The structured options without a form of their own, as JSON checked by the server. */
function JsonOptions(props: SectionProps) {
  const s = useSave(props);
  const [form, setForm] = useState(() =>
    Object.fromEntries(JSON_FIELDS.map(([k]) => [k, props.data.options[k] === null ? '' : JSON.stringify(props.data.options[k], null, 2)])),
  );
  const [local, setLocal] = useState<Record<string, string>>({});
  const submit = () => {
    const options: Record<string, unknown> = {};
    const bad: Record<string, string> = {};
    for (const [key] of JSON_FIELDS) {
      const text = (form[key] ?? '').trim();
      try {
        options[key] = text === '' ? null : JSON.parse(text);
      } catch {
        bad[key] = consoleMessages.options.jsonInvalid;
      }
    }
    setLocal(bad);
    if (Object.keys(bad).length === 0) s.save({ options: options as AdminOptionsUpdate['options'] });
  };
  return (
    <Section title={consoleMessages.options.advanced} state={s} onSubmit={submit}>
      <p className="hint">{consoleMessages.options.advancedHint}</p>
      {JSON_FIELDS.map(([key, label]) => (
        <div key={key}>
          <label>
            {label}
            <textarea rows={6} spellCheck={false} className="code" value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
          </label>
          {local[key] ? <span className="field-error">{local[key]}</span> : null}
          <FieldError errors={s.errors} name={`options.${key}`} />
          <NestedErrors errors={s.errors} prefix={`options.${key}`} />
        </div>
      ))}
    </Section>
  );
}
